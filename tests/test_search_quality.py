"""Search quality on the real corpus: the labelled query set and the glossary's own claims."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.corpus.store import load_corpus
from judge.locale.folding import fold
from judge.search.glossary import glossary_path, load_glossary
from judge.search.index import Source
from judge.search.query import SearchSession
from search_fixtures import (  # noqa: F401  (pytest fixtures)
    HELD_OUT, HELD_OUT_2, HELD_OUT_3, HELD_OUT_4, HELD_OUT_5, HELD_OUTS, cache, evaluate, load_queries, real_corpus_root)


@pytest.fixture
def real_root(tmp_path: Path, cache: Path) -> Path:  # noqa: F811
    return real_corpus_root()


def test_labelled_set_is_big_and_varied() -> None:
    queries = load_queries()
    assert len(queries) >= 40
    texts = [str(q["q"]) for q in queries]
    assert any(fold(t) != t for t in texts)  # Traditional queries
    assert any('"' in t for t in texts)  # phrases
    assert any(t.isascii() and t[0].isalpha() for t in texts)  # English
    assert any(len(t) == 1 for t in texts)  # one character


def test_labelled_questions_are_many_and_in_both_scripts_and_english() -> None:
    questions = [str(q["q"]) for q in load_queries() if q.get("question")]
    assert len(questions) >= 40
    assert sum(fold(t) != t for t in questions) >= 10  # Traditional
    assert sum(not t.isascii() and fold(t) == t for t in questions) >= 20  # Simplified
    assert sum(t.isascii() for t in questions) >= 5  # English


@pytest.fixture(scope="module")
def scores() -> dict[str, dict[str, object]]:
    """recall@5 and MRR of the labelled queries on the real corpus: all of them, the questions, the rest
    (the index lives in the session's private cache, see conftest.py)."""
    queries = load_queries()
    with SearchSession(Source(real_corpus_root())) as session:

        def run(q: str, game: str | None) -> list[str]:
            return [f"{h.game}:{h.id}" for h in session.search(q, game=game, limit=10).hits]

        return {
            "all": evaluate(run, queries),
            "questions": evaluate(run, [q for q in queries if q.get("question")]),
            "terms": evaluate(run, [q for q in queries if not q.get("question")]),
            "held-out": evaluate(run, load_queries(HELD_OUT)),
            "held-out 2": evaluate(run, load_queries(HELD_OUT_2)),
            "held-out 3": evaluate(run, load_queries(HELD_OUT_3)),
            "held-out 4": evaluate(run, load_queries(HELD_OUT_4)),
            "held-out 5": evaluate(run, load_queries(HELD_OUT_5)),
            "english": evaluate(run, [q for q in [*queries, *(q for held in HELD_OUTS for q in load_queries(held))]
                                      if str(q["q"]).isascii()]),
        }


@pytest.mark.parametrize("subset", ["all", "questions"])
def test_recall_at_5_and_mrr_on_the_real_corpus(scores: dict[str, dict[str, object]], subset: str) -> None:
    s = scores[subset]
    report = "\n".join(s["misses"])  # type: ignore[arg-type]
    assert s["recall"] >= 0.95, report
    assert s["mrr"] >= 0.90, report


def test_the_term_queries_do_not_regress(scores: dict[str, dict[str, object]]) -> None:
    # before the questions were added: recall@5 1.00, MRR 0.95 (0.949)
    s = scores["terms"]
    report = "\n".join(s["misses"])  # type: ignore[arg-type]
    assert s["recall"] == 1.0, report
    assert s["mrr"] >= 0.949, report


# The sets nobody tuned on, and the English queries of all three: size, recall@5 and MRR floors, and their history.
FLOORS = {
    # written after the search was built: 0.767 / 0.681 when added (README, Search); 0.817 / 0.730 with the everyday
    # English words; 0.850 / 0.757 with round three (the Riftbound documents' words, everyday Chinese, new concepts);
    # 0.867 / 0.767 with round four (a FAQ entry's explanation as commentary, FAQ entries weighed against rules)
    "held-out": (30, 0.866, 0.766),
    # written by a reviewer who never ran the search (issue 23): 0.711 / 0.633 when added; 0.778 / 0.676 with the
    # everyday English words, 0.789 / 0.696 reading typing slips (来原 for 来源), 0.789 / 0.719 with the judge's
    # English words of round two (enemy, prevent, dealt, spent …), 0.822 / 0.793 with round three, 0.833 / 0.816
    # with round four
    "held-out 2": (45, 0.832, 0.815),
    # written on 2026-12-02 by a reviewer who never ran the search (26 English, 18 messy): 0.725 / 0.654 when added,
    # 0.733 / 0.655 with the English words of round two, 0.783 / 0.700 with round three, 0.825 / 0.735 with round four
    "held-out 3": (60, 0.824, 0.734),
    # written on 2026-12-02 by a fourth reviewer before round three, and only scored until it was done: 0.706 / 0.714
    # when added (on f758399), 0.794 / 0.732 after round three, 0.811 / 0.813 after round four
    "held-out 4": (60, 0.810, 0.812),
    # written on 2026-12-02 by a fifth reviewer before round four (30 English, 19 messy), only scored until it was
    # done: 0.783 / 0.780 when added (on 9445444), 0.800 / 0.802 after round four
    "held-out 5": (60, 0.799, 0.801),
    # the English queries of the sets: the first three's 41 were 0.780 / 0.710 before the everyday English words,
    # 0.878 / 0.788 after, 0.878 / 0.813 with round two; with the third held-out set's 25, 66 queries: 0.803 / 0.730
    # when it was added, 0.811 / 0.754 with round two, 0.841 / 0.801 with round three; with the fourth's 33, 99
    # queries: 0.732 / 0.693 before round three, 0.796 / 0.738 after, 0.833 / 0.800 after round four; with the
    # fifth's 30, 129 queries: 0.824 / 0.792
    "english": (129, 0.823, 0.791),
}


@pytest.mark.parametrize("subset", sorted(FLOORS))
def test_the_sets_nobody_tuned_on_do_not_regress(scores: dict[str, dict[str, object]], subset: str) -> None:
    n, recall, mrr = FLOORS[subset]
    s = scores[subset]
    report = "\n".join(s["misses"])  # type: ignore[arg-type]
    assert s["n"] == n
    assert s["recall"] >= recall, report
    assert s["mrr"] >= mrr, report


def test_a_sentence_finds_the_rule_of_the_section_that_says_it_in_other_words(scores: dict[str, dict[str, object]]) -> None:
    # the example: 716.1b (in section 716 替代性影响) says 如果数个影响将替代同一个事件, never 替代性影响 itself
    with SearchSession(Source(real_corpus_root())) as session:
        found = [f"{h.game}:{h.id}" for h in session.search("多个替代性影响", limit=5).hits]
        apart = [f"{h.game}:{h.id}" for h in session.search("多个 替代性影响", limit=10).hits]
    assert found[0] == "rise:716.1b"
    assert "rise:716.1b" not in apart  # typed apart, each term must be in the rule itself


def test_expected_ids_exist(real_root: Path) -> None:
    from judge.faq.model import load_faq

    corpus = load_corpus(real_root)
    for item in [*load_queries(), *(q for held in HELD_OUTS for q in load_queries(held))]:
        for key in item["expect"]:
            game, rid = key.split(":", 1)  # a rule, or an entry of the game's FAQ
            assert corpus.get(game, rid) is not None or rid in {e.id for e in load_faq(real_root, game)}, key


def test_glossary_terms_are_the_documents_own_words(real_root: Path) -> None:
    """A game's terms are spelled as its documents spell them: its rules, or its published FAQ."""
    from judge.faq.model import load_faq

    corpus = load_corpus(real_root)
    glossary = load_glossary(glossary_path(real_root))
    assert len(glossary.concepts) >= 20
    for concept in glossary.concepts:
        for game, terms in concept.terms.items():
            text = "\n".join(f"{r.title}\n{r.text}\n" + "\n".join(e.text for e in r.examples) for r in corpus.all_rules(game))
            text += "\n".join(e.text for e in load_faq(real_root, game))
            for term in terms:
                assert term in text, f"{concept.id}: {game} does not spell {term!r}"
        for game, ids in concept.rules.items():
            for rid in ids:
                assert corpus.get(game, rid) is not None, f"{concept.id}: no rule {game}:{rid}"
