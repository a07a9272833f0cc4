"""JUnit output stays well-formed XML whatever a scenario holds; damaged or unwritable caches are rebuilt or done
without, never a traceback."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml

from hostile_run import assert_clean, judge

REPO = Path(__file__).resolve().parents[1]
BAD = "\x1b[31m\x01\x0b\ufffe"  # an escape sequence and characters XML 1.0 cannot hold


def test_junit_output_is_well_formed_with_control_characters(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios" / "rise"
    scenarios.mkdir(parents=True)
    data = yaml.safe_load((REPO / "tests" / "data" / "inline" / "rise" / "708_1a_your_turn.yaml").read_text(encoding="utf-8"))
    data["expect"] = [{"card": "alberto", "zone": "hand", "note": f"fails on purpose {BAD}"}]  # a regression
    (scenarios / "708_1a.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out = tmp_path / "junit.xml"
    res = judge(["faq", "check", "--scenarios", tmp_path / "scenarios", "--junit", out], timeout=60)
    assert_clean(res, (1,))
    root = ET.fromstring(out.read_bytes())  # well-formed, or this raises
    failures = [f.get("message", "") + (f.text or "") for f in root.iter("failure")]
    text = "".join(failures)
    # the expectation is quoted as JSON (control characters as \u escapes); what XML 1.0 cannot hold, escaped visibly
    assert "fails on purpose" in text and "\\u001b[31m\\u0001\\u000b\\ufffe" in text
    assert not any(c in text for c in "\x1b\x01\x0b\ufffe")


def cache_env(tmp_path: Path) -> dict[str, str]:
    return {"JUDGE_CACHE_DIR": str(tmp_path / "cache")}


def test_a_damaged_index_pointer_is_rebuilt(tmp_path: Path) -> None:
    env = cache_env(tmp_path)
    first = assert_clean(judge(["search", "堆疊", "--game", "rise"], env=env, timeout=60), (0,))
    pointers = list((tmp_path / "cache" / "search").glob("*.current"))
    assert pointers
    for p in pointers:
        p.write_bytes(b"\xff\xfe\x00 not a folder name")
    again = assert_clean(judge(["search", "堆疊", "--game", "rise"], env=env, timeout=60), (0,))
    assert again == first


def test_a_scenario_catalogue_of_the_wrong_shape_is_discarded(tmp_path: Path) -> None:
    env = cache_env(tmp_path)
    good = assert_clean(judge(["rule", "709.2b", "--json"], env=env, timeout=60), (0,))
    files = list((tmp_path / "cache" / "catalogue").glob("*.json"))
    assert files and json.loads(good)["scenarios"]
    entry = next(iter(json.loads(files[0].read_text(encoding="utf-8"))["files"].items()))
    name, value = entry
    shapes = [
        b"[1, 2, 3]", b"\xff\xfe", b"null", b'{"version": "1", "files": {"x": "y"}}',
        json.dumps({"version": "1", "files": {name: {**value, "facts": "x"}}}).encode(),
        json.dumps({"version": "1", "files": {name: {**value, "outcome": {"zh": {"cites": 5}}}}}).encode(),
        json.dumps({"version": "1", "files": {name: {**value, "outcome": {"zh": {"cites": [1], "status": []}}}}}).encode(),
        json.dumps({"version": "1", "files": {name: {**value, "outcome": ["zh"]}}}).encode(),
    ]
    for damaged in shapes:
        for f in files:
            f.write_bytes(damaged)
        assert assert_clean(judge(["rule", "709.2b", "--json"], env=env, timeout=60), (0,)) == good


def test_a_cache_that_cannot_be_written_is_done_without(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    env = {"JUDGE_CACHE_DIR": str(blocker / "cache")}  # nothing can be created under a file (even by root)
    out = assert_clean(judge(["search", "堆疊", "--game", "rise"], env=env, timeout=60), (0,))
    assert "响应链" in out
    assert_clean(judge(["rule", "709.2b"], env=env, timeout=60), (0,), "709.2b")


def test_a_read_only_data_folder_is_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    doc = tmp_path / "d.txt"
    shutil.copyfile(REPO / "tests" / "hostile" / "docs" / "gb18030.txt", doc)
    env = {"JUDGE_DATA_DIR": str(blocker / "data")}
    assert_clean(judge(["corpus", "add", doc, "--new-game", "demo"], env=env), (2,), "错误：")
    assert_clean(judge(["corpus", "list"], env=env), (0,), "随附       rise")
