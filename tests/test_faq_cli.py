"""`judge faq list | show | check` through click's CliRunner (the group invoked directly)."""

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from builder import yaml_text
from click.testing import CliRunner

from judge import paths
from judge.cli import cli
from judge.corpus import build
from judge.faq.commands import COMMANDS, faq_group
from judge.faq.parse import build_faq

REPO = Path(__file__).resolve().parents[1]
FAQ_RAW = "004_e6c65514bb1f5d81.txt"
RULES_RAW = "001_c404060e52f8fb3e.txt"


def run(*args: str):
    return CliRunner().invoke(faq_group, list(args))


@pytest.fixture
def corpus_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A built corpus folder with only the Riftbound rules and the Vendetta FAQ, used as rules_corpus/."""
    root = tmp_path / "rules_corpus"
    (root / "raw").mkdir(parents=True)
    for name in (FAQ_RAW, RULES_RAW):
        shutil.copy(REPO / "rules_corpus" / "raw" / name, root / "raw" / name)
    (root / "sources.yaml").write_text(
        f"faq:\n  - file: raw/{FAQ_RAW}\n    game: riftbound\n"
        f"documents:\n  - file: raw/{RULES_RAW}\n    game: riftbound\n    format: riftbound-search\n",
        encoding="utf-8",
    )
    build.build(root=root)
    build_faq(root=root)
    monkeypatch.setattr(paths, "corpus_dir", lambda: root)
    return root


def test_commands_export_the_faq_group() -> None:
    assert COMMANDS == [faq_group]
    assert set(faq_group.commands) == {"list", "show", "check", "add"}


def test_importing_the_commands_loads_click_only() -> None:
    code = (
        "import sys, judge.faq.commands; "
        "print([m for m in ('yaml', 'judge.faq.model', 'judge.faq.check', 'judge.corpus.store') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_list_shows_every_entry() -> None:
    res = run("list")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert len(lines) == 34
    assert lines[0].startswith("vendetta-01") and "對以川流費用打出的法術" in lines[0]
    assert lines[-1].startswith("vendetta-34") and "「乘風」" in lines[-1]


def test_list_json() -> None:
    res = run("list", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert len(data) == 34
    assert set(data[0]) >= {"id", "game", "set", "date", "question", "answer", "explanation", "cites", "cards", "source"}
    assert data[1]["cites"] == ["359.3.f.1", "359.3.f.2", "359.3.f.3", "359.3.f.3.b"]


def test_show_renders_question_answer_explanation_citations_cards() -> None:
    res = run("show", "vendetta-02")
    assert res.exit_code == 0, res.output
    out = res.output
    assert out.startswith("[riftbound] vendetta-02 · 血海深仇 (Vendetta)")
    assert "日期：文件未註明" in out
    assert "問：「婭希拉」和「君主」阿祈爾說明中的「此戰場」有什麼不同之處？" in out
    assert "答：「婭希拉」延遲觸發效果中的「此戰場」，指的是其據守的戰場。" in out
    assert "在未來套組中，我們已修改這類技能的措辭" in out
    assert "相關規則：359.3.f.1、359.3.f.2、359.3.f.3、359.3.f.3.b" in out
    assert "卡牌：婭希拉、「君主」阿祈爾" in out
    assert "來源：004_e6c65514bb1f5d81.txt:26" in out


def test_show_json() -> None:
    res = run("show", "vendetta-27", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["id"] == "vendetta-27" and data["answer"] == "不可以。"
    assert data["cites"] == ["054.2", "369.3"]
    assert data["date"] is None


def test_show_unknown_id_exits_1_with_nearest_ids() -> None:
    res = run("show", "vendeta-5")
    assert res.exit_code == 1
    assert "没有 FAQ 条目“vendeta-5”" in res.output
    assert "最接近的编号：vendetta-05" in res.output
    res = CliRunner().invoke(cli, ["--lang", "en", "faq", "show", "vendeta-5"])
    assert "no FAQ entry 'vendeta-5'" in res.output and "Nearest ids: vendetta-05" in res.output


def test_check_reports_every_entry_and_exits_0(corpus_root: Path, tmp_path: Path) -> None:
    (tmp_path / "none").mkdir()  # an empty scenario folder
    res = run("check", "--scenarios", str(tmp_path / "none"))
    assert res.exit_code == 0, res.output
    # 34 FAQ entries and the 7 worked examples of the 14 Riftbound rules, none encoded
    assert "已发布的裁定：41 条（FAQ 条目 34 条，规则示例 7 个）" in res.output
    assert "尚未编码 41" in res.output
    assert "不在语料库中 37" in res.output
    assert "规则文件 001_c404060e52f8fb3e.txt：日期 2026-10-10" in res.output
    assert "FAQ riftbound-vendetta.yaml：日期 文件未注明" in res.output
    res = CliRunner().invoke(cli, ["faq", "check", "--scenarios", str(tmp_path / "none"), "--lang", "en"])
    assert "rulings: 41 (34 FAQ entries, 7 worked examples)" in res.output
    assert "41 not yet encoded" in res.output and "37 not in the corpus" in res.output
    assert "rules document 001_c404060e52f8fb3e.txt: date 2026-10-10" in res.output
    assert "FAQ riftbound-vendetta.yaml: date not stated in the document" in res.output


def test_check_json_and_junit(corpus_root: Path, tmp_path: Path) -> None:
    junit = tmp_path / "out" / "faq.xml"
    (tmp_path / "none").mkdir()
    res = run("check", "--json", "--junit", str(junit), "--scenarios", str(tmp_path / "none"))
    assert res.exit_code == 0, res.output  # nothing checked failed …
    data = json.loads(res.output)
    assert data["holds"] is True and data["ok"] is False  # … but no ruling was checked: never "ok"
    assert data["summary"]["not_encoded"] == 41 and data["summary"]["not_in_corpus"] == 37
    assert data["dates"] == {"faq": {"riftbound-vendetta.yaml": None}, "rules": {RULES_RAW: "2026-10-10"}}
    assert len(data["entries"]) == 34 and len(data["examples"]) == 7
    assert {e["ruling"] for e in data["examples"]} == {"not-encoded"}
    tree = ET.parse(junit).getroot()
    assert len(tree.findall(".//testcase")) == 41


def _copy_scenario(src: Path, dest: Path, bump_damage: bool) -> Path:
    """A copy of a real scenario; with ``bump_damage`` its first ``damage`` expectation expects one more."""
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    if bump_damage:
        exp = next(e for e in data["expect"] if "damage" in e)
        exp["damage"] += 1
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(yaml_text(data), encoding="utf-8")
    return dest


def test_a_real_worked_example_scenario_is_reproduced_by_the_real_runner(tmp_path: Path) -> None:
    sc = tmp_path / "scenarios"
    _copy_scenario(REPO / "tests" / "data" / "inline" / "rise" / "709_2b_example.yaml", sc / "rise" / "copy.yaml", bump_damage=False)
    res = run("check", "--json", "--scenarios", str(sc))
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    ex = {e["id"]: e for e in data["examples"]}["rise:709.2b#1"]
    assert ex["ruling"] == "reproduced" and ex["scenarios"][0]["passed"] is True
    assert data["summary"]["regressed"] == 0


def test_check_exits_1_on_a_regressed_ruling(tmp_path: Path) -> None:
    """The real runner, a real scenario with one expectation changed: the ruling is regressed, exit 1."""
    sc = tmp_path / "scenarios"
    path = _copy_scenario(REPO / "tests" / "data" / "inline" / "rise" / "709_2b_example.yaml", sc / "rise" / "wrong.yaml", bump_damage=True)
    junit, html = tmp_path / "faq.xml", tmp_path / "faq.html"
    res = run("check", "--scenarios", str(sc), "--junit", str(junit), "--html", str(html))
    assert res.exit_code == 1, res.output
    line = next(l for l in res.output.splitlines() if l.startswith("rise 709.2b #1"))
    assert "回归失败" in line
    assert "场景 rise/wrong.yaml：失败" in res.output  # named under the scenarios folder
    assert "回归失败 1" in res.output and res.output.rstrip().endswith("失败")
    tree = ET.parse(junit).getroot()
    case = tree.find("./testsuite[@name='examples.rise']/testcase[@name='709.2b#1']")
    assert case is not None and case.find("failure") is not None
    assert str(path) in case.find("failure").get("message")
    assert tree.get("failures") == "1"
    page = html.read_text(encoding="utf-8")
    assert 'id="verdict">失败<' in page and "wrong.yaml" in page


def test_check_without_a_corpus_for_the_game_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "rc"
    (root / "raw").mkdir(parents=True)
    shutil.copy(REPO / "rules_corpus" / "raw" / FAQ_RAW, root / "raw" / FAQ_RAW)
    (root / "sources.yaml").write_text(f"faq:\n  - file: raw/{FAQ_RAW}\n    game: riftbound\n", encoding="utf-8")
    build_faq(root=root)
    monkeypatch.setattr(paths, "corpus_dir", lambda: root)
    res = run("check")
    assert res.exit_code == 2
    assert "judge corpus build" in res.output


def test_a_scenario_broken_into_invalid_yaml_fails_the_check(tmp_path: Path) -> None:
    sc = tmp_path / "scenarios"
    shutil.copytree(REPO / "scenarios", sc)
    with (sc / "rise" / "708_3_example.yaml").open("a", encoding="utf-8") as f:
        f.write("\n  - [broken\n")
    res = CliRunner().invoke(cli, ["faq", "check", "--scenarios", str(sc)])
    assert res.exit_code == 1, res.output
    assert "708_3_example.yaml：不是可读的 YAML 文件，它所编码的裁定无法核对" in res.output


def test_a_missing_scenarios_folder_is_refused(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["faq", "check", "--scenarios", str(tmp_path / "nope")])
    assert res.exit_code == 2 and "不存在" in res.output and "nope" in res.output


def test_check_names_scenarios_under_the_scenarios_folder() -> None:
    from judge import paths

    res = CliRunner().invoke(cli, ["faq", "check", "--lang", "zh"])
    assert "场景 riftbound/vendetta_01_flow_abandon.yaml：通过" in res.output
    assert str(paths.scenarios_dir()) not in res.output  # never the installed path, line after line


def test_an_entry_is_labelled_in_its_own_documents_script() -> None:
    from dataclasses import replace

    from judge.faq.commands import _render
    from judge.faq.model import load_faq

    traditional = next(e for e in load_faq() if e.id == "vendetta-01")
    simplified = replace(traditional, question="对以川流费用打出的法术打出「抛弃」会发生什么事？", answer="当它尝试离开结算链时，就会被放逐。",
                         explanation=["说明的一段。"])
    assert "問：對以川流費用" in _render(traditional) and "說明：" in _render(traditional)
    shown = _render(simplified)
    assert "问：对以川流费用" in shown and "答：当它" in shown and "说明：" in shown and "來源" not in shown
    assert "問：" not in shown and "說明：" not in shown
