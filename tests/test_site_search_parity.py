"""The site's search box is `judge search`: over the project's labelled questions (terms, questions and both held-out
sets; a third in English, some messy), the top five the page ranks in a real browser (Debian's headless Chromium)
equal the CLI's for at least 95% of them — the issue's bar; today every one agrees, and a miss is listed — and a
query typed into the box, with a game chosen, shows the CLI's hits in its order."""

from pathlib import Path

from search_fixtures import HELD_OUTS, load_queries
from test_browser_report import browser  # noqa: F401  (the fixture: a fresh profile, the network refused)

from judge.search.index import Source
from judge.search.query import SearchSession


def _labelled() -> list[dict]:
    return [*load_queries(), *(q for held in HELD_OUTS for q in load_queries(held))]


def _cli(session: SearchSession, q: str, game: str | None, n: int = 5) -> list[str]:
    return [f"faq:{h.id}" if h.kind == "faq" else f"{h.game}:{h.id}" for h in session.search(q, game=game, limit=10).hits][:n]


def test_the_site_ranks_the_labelled_questions_as_the_cli_does(browser, site: Path) -> None:  # noqa: F811
    ctx, requests = browser
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((site / "index.html").as_uri())
    queries = _labelled()
    assert len(queries) >= 200 and sum(1 for q in queries if str(q["q"]).isascii()) >= 40
    shown = page.evaluate("(qs) => qs.map(q => judgeSiteSearch(q.q, q.game).slice(0, 5))",
                          [{"q": q["q"], "game": q.get("game")} for q in queries])
    session_cli = SearchSession(Source())
    cli = [_cli(session_cli, str(q["q"]), q.get("game")) for q in queries]
    assert all(cli), "every labelled question has an answer on the CLI"
    # hostile queries rank alike too: a run of thousands of characters no rule has, thousands of stop words and
    # negations before a term
    hostile = ["".join(chr(0x9F00 + (i * 37) % 0xA0) for i in range(3000)) + " 触发", "a " * 5000 + "没有" * 2000 + "触发式效果",
               # a question that starts by naming its game is searched in it, on the page as on the CLI
               "三国 踐踏攻擊武將時會觸發嗎", "Riftbound: does the repeat have to hit the same target", "In Rise, 响应链",
               # a Chinese name inside the question, two games named, a name and nothing else
               "符文戰場裡，一個效果說可以、另一個說不可以，聽哪一個？", "崛起和三国的响应链", "崛起"]
    assert page.evaluate("(qs) => qs.map(q => judgeSiteSearch(q).slice(0, 5))", hostile) == [_cli(session_cli, q, None)
                                                                                            for q in hostile]
    session_cli.close()
    missed = [(q["q"], s, c) for q, s, c in zip(queries, shown, cli) if s != c]
    assert len(missed) <= 0.05 * len(queries), missed
    assert errors == [] and [u for u in requests if not u.startswith("file://")] == []


def test_a_question_typed_into_the_box_gets_the_cli_answer(browser, site: Path) -> None:  # noqa: F811
    """The issue's phone query: the CLI's first answer is 708.1a, and the site's list is the CLI's, in order; with a
    game chosen, only that game's rules and entries, as `judge search --game` gives."""
    ctx, _ = browser
    page = ctx.new_page()
    page.goto((site / "index.html").as_uri())
    question = "单位被摧毁时触发的异能还会结算吗"
    with SearchSession(Source()) as session:
        expected = [h for h in session.search(question, limit=30).hits]
        riftbound = [h for h in session.search("回响 费用", game="riftbound", limit=30).hits]
    assert expected[0].id == "708.1a"  # 708.1a: 回合玩家先将其触发式效果加入响应链 (the question's answer)
    page.fill("#search-input", question)
    page.wait_for_function("document.querySelectorAll('#search-results li').length > 0")
    heads = page.locator("#search-results li > a").all_inner_texts()
    assert [h.split(" · ", 1)[1].split(" ")[0] for h in heads] == [h.id for h in expected]
    assert page.locator("#search-note").inner_text() == ""  # some rules have every word: no "some of the words" note
    page.select_option("#search-game", "riftbound")
    page.fill("#search-input", "回响 费用")
    page.wait_for_function("document.querySelectorAll('#search-results li').length > 0")
    heads = page.locator("#search-results li > a").all_inner_texts()
    assert [h.split(" · ", 1)[1].split(" ")[0] for h in heads] == [h.id for h in riftbound]
    assert all(h.startswith(("符文战场", "常见问答")) for h in heads), heads
    # a glossary term typed: its card above the hits, linked to the glossary
    assert page.locator("#search-concepts li a").first.inner_text().startswith("术语 · ")
