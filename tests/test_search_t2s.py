"""Folding without OpenCC where it changes nothing OpenCC would not: the shipped character lists
(judge/locale/t2s_changes.txt) are those of the pinned OpenCC's own dictionaries, and fold() gives OpenCC's
t2s conversion on the corpus, the glossary and text made of the dictionaries' own keys."""

from __future__ import annotations

import random

import opencc
import pytest

from judge.locale import t2s_changes
from judge.locale.folding import _FULLWIDTH, fold, needs_converter


@pytest.fixture(scope="module")
def opencc_fold():
    converter = opencc.OpenCC("t2s")
    return lambda text: converter.convert(text).translate(_FULLWIDTH) if text else text


@pytest.fixture(scope="module")
def dictionary() -> list[tuple[str, str]]:
    cfg = t2s_changes.config()
    steps = (cfg.get("normalization") or []) + (cfg.get("conversion_chain") or [])
    return t2s_changes.entries(t2s_changes._dictionaries(steps))


def test_the_shipped_characters_are_the_pinned_dictionaries_own() -> None:
    shipped, derived = t2s_changes.shipped(), t2s_changes.derive()
    assert shipped == derived, "judge/locale/t2s_changes.txt is stale: run python -m judge.locale.t2s_changes"
    assert len(shipped.single) == len(shipped.becomes) > 1000 and shipped.contextual


def test_known_characters_are_listed_where_they_belong() -> None:
    changes = t2s_changes.shipped()
    # 疊 → 叠 wherever it stands; 發 is 发 or 髮 by its neighbours (頭髮), 乾 is 干 or 乾 (乾隆)
    assert changes.becomes[changes.single.index("疊")] == "叠"
    assert {"發", "乾"} <= set(changes.contextual)
    assert needs_converter("觸發") and not needs_converter("堆疊") and not needs_converter("两个触发同时发生谁先上链")


def test_fold_is_openccs_conversion_on_the_corpus_and_the_glossary(opencc_fold) -> None:
    from judge.corpus.store import load_corpus
    from judge.search.glossary import glossary_path, load_glossary

    corpus = load_corpus(None)
    texts = [t for r in corpus.all_rules() for t in (r.text, r.title or "", *(e.text for e in r.examples))]
    texts += [t for c in load_glossary(glossary_path(), None).concepts for t in c.all_terms()]
    assert {r.game for r in corpus.all_rules()} >= {"rise", "sanguo"}
    without = [t for t in texts if t and not t.isascii() and not needs_converter(t)]
    assert any(fold(t) != t for t in without)  # Traditional text folded without OpenCC
    assert [t for t in texts if fold(t) != opencc_fold(t)] == []


def test_fold_is_openccs_conversion_on_the_dictionaries_keys_side_by_side(opencc_fold, dictionary) -> None:
    keys = [k for k, _ in dictionary]
    changes = t2s_changes.shipped()
    plain = "的是在了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质"
    rng = random.Random(708)
    samples = [k for k in keys if len(k) > 1]  # every phrase as it stands
    for _ in range(3000):  # phrases, their characters and everyday ones, in random company
        parts = [rng.choice(keys) for _ in range(rng.randint(1, 3))]
        parts += [rng.choice(changes.single) for _ in range(rng.randint(0, 3))]
        parts += [rng.choice(plain) for _ in range(rng.randint(0, 3))]
        rng.shuffle(parts)
        samples.append("".join(parts))
        samples.append("".join(c for c in samples[-1] if c not in changes.contextual))  # the fast path's own kind
    assert [s for s in samples if fold(s) != opencc_fold(s)] == []
