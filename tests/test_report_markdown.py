"""Markdown reports escape every value they place: hostile titles, names, notes and card texts inject no link, image,
heading, table or HTML — checked with a real CommonMark parser with tables and linkify on — and the text itself still
reads as given. A `cites` value (which becomes an anchor) must be a rule number: anything else is refused at load."""

import re
from pathlib import Path

import yaml
from builder import yaml_text
from click.testing import CliRunner
from markdown_it import MarkdownIt

from judge.cli import cli

REPO = Path(__file__).resolve().parents[1]
BASE = REPO / "tests" / "data" / "inline" / "rise" / "709_2b_example.yaml"  # written inline
EVIL = "evil.example"
HOSTILE = {
    "title": f"# 标题 [x](http://{EVIL}/a) ![i](http://{EVIL}/i.png) <b>b</b>",
    "title_en": f"`code` **bold** ~~gone~~ <http://{EVIL}> www.{EVIL}",
    "notes": f"一\n# heading\n---\n> quote\n1. list\n[ref]: http://{EVIL}\n| a | b |\n|---|---|\n<script>x</script>",
    "player": f"[you](http://{EVIL})",
    "card": f"![img](http://{EVIL}/p.png)",
    "text": f"http://{EVIL} www.{EVIL} x@{EVIL} `c` *em* __s__ | pipe | \\ &amp; &#x41;",
    "cites": f"x](http://{EVIL}) ![i](http://{EVIL}/i.png)\n# h",
    "not_cites": f"<a href='http://{EVIL}'>a</a>",
    "note": f"| a | b |\n|---|---|\n=====",
}


def parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"linkify": True, "html": True}).enable(["table", "strikethrough", "linkify"])


def tokens(md: str) -> list:
    out = []
    for t in parser().parse(md):
        out.append(t)
        out.extend(t.children or [])
    return out


def hostile_file(tmp_path: Path) -> Path:
    data = yaml.safe_load(BASE.read_text(encoding="utf-8"))
    data["title"], data["title_en"], data["notes"] = HOSTILE["title"], HOSTILE["title_en"], HOSTILE["notes"]
    data["players"][0]["name"] = HOSTILE["player"]
    data["cards"]["brute"]["name"] = HOSTILE["card"]
    data["cards"]["brute"]["text"] = HOSTILE["text"]
    data["cards"]["brute"].setdefault("abilities", [])  # written by hand (none), so the hostile text is shown, not read
    data["expect"][0]["note"] = HOSTILE["note"]
    path = tmp_path / "hostile.yaml"
    path.write_text(yaml_text(data), encoding="utf-8")
    return path


def report_md(path: Path, out: Path) -> str:
    res = CliRunner().invoke(cli, ["report", str(path), "-o", str(out), "--format", "md"])
    assert res.exit_code == 0, res.output
    return out.read_text(encoding="utf-8")


def test_hostile_values_inject_nothing_into_markdown(tmp_path: Path) -> None:
    plain = tokens(report_md(BASE, tmp_path / "plain.md"))
    md = report_md(hostile_file(tmp_path), tmp_path / "hostile.md")
    toks = tokens(md)
    anchors = set(re.findall(r'<a id="(r-[^"]+)"></a>', md))
    assert not [t for t in toks if t.type == "image"]
    links = [t.attrGet("href") for t in toks if t.type == "link_open"]
    assert links and all(h.startswith("#") and h[1:] in anchors for h in links), [h for h in links if h[1:] not in anchors]
    # the hostile file has exactly the plain one's blocks: its values made none of their own
    kinds = ("table_open", "blockquote_open", "hr", "bullet_list_open", "ordered_list_open", "tr_open", "heading_open")
    for kind in kinds:
        assert sum(t.type == kind for t in toks) == sum(t.type == kind for t in plain), kind
    raw_html = [t.content for t in toks if t.type in ("html_inline", "html_block")]
    # the only HTML: line breaks inside a value, and the anchors of the rule blocks
    assert all(re.fullmatch(r'<br>|<a id="r-[0-9A-Za-z._-]+">|</a>|<a id="r-[0-9A-Za-z._-]+"></a>', h.strip()) for h in raw_html)
    plain_marks = sum(t.type in ("s_open", "em_open", "strong_open", "code_inline") for t in plain)
    assert sum(t.type in ("s_open", "em_open", "strong_open", "code_inline") for t in toks) == plain_marks
    html = parser().render(md)
    assert EVIL not in "".join(re.findall(r'href="([^"]*)"', html)) and "<img" not in html and "<script" not in html


def test_hostile_values_still_read_as_given(tmp_path: Path) -> None:
    html = parser().render(report_md(hostile_file(tmp_path), tmp_path / "hostile.md"))
    text = re.sub(r"<[^>]+>", "", html).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
    for key in ("title", "card", "player"):
        assert HOSTILE[key] in text, key
    assert "http://evil.example www.evil.example x@evil.example `c` *em* __s__ | pipe |" in text


def test_a_cites_value_that_is_not_a_rule_number_is_refused_where_it_stands(tmp_path: Path) -> None:
    """`cites:` and `not_cites:` name a rule: text that is no rule number could never be cited (a `not_cites:` of it
    would always hold), so it is refused as the file is loaded, not placed in a report."""
    path = hostile_file(tmp_path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["expect"] += [{"cites": HOSTILE["cites"]}, {"not_cites": HOSTILE["not_cites"]}]
    path.write_text(yaml_text(data), encoding="utf-8")
    res = CliRunner().invoke(cli, ["report", str(path), "-o", str(tmp_path / "r.md"), "--format", "md"])
    assert res.exit_code == 2 and "expect.3.cites" in res.output and "expect.4.not_cites" in res.output
    assert not (tmp_path / "r.md").exists()


def test_a_hostile_cites_value_gets_a_safe_anchor_in_html_too(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    res = CliRunner().invoke(cli, ["report", str(hostile_file(tmp_path)), "-o", str(out)])
    assert res.exit_code == 0, res.output
    html = out.read_text(encoding="utf-8")
    ids = re.findall(r'id="(r-[^"]*)"', html)
    assert all(re.fullmatch(r"r-[0-9A-Za-z._-]+", i) for i in ids)
    assert "http://evil" not in "".join(re.findall(r'href="([^"]*)"', html))
