"""Rule-number grammar: natural order and ancestry for all three games' numbering."""

from judge.corpus.ruleid import is_rule_id, lineage, normalize, sort_key


def test_natural_order_numbers_before_letters_and_by_value() -> None:
    ids = ["409.10", "409.9a", "706.2", "409.9", "706.1a", "706.1", "820.1.c.3", "820.1.d", "820.1.c", "820.1.c.2"]
    assert sorted(ids, key=sort_key) == [
        "409.9", "409.9a", "409.10", "706.1", "706.1a", "706.2",
        "820.1.c", "820.1.c.2", "820.1.c.3", "820.1.d",
    ]


def test_lineage_for_each_grammar() -> None:
    assert lineage("706.1a") == ["706.1", "706"]
    assert lineage("409.10") == ["409"]
    assert lineage("820.1.c.3") == ["820.1.c", "820.1", "820"]
    assert lineage("706") == []


def test_is_rule_id_and_normalize() -> None:
    assert is_rule_id("717.2a") and is_rule_id("820.1.c.3") and is_rule_id("500")
    assert not is_rule_id("72") and not is_rule_id("717.2a.") and not is_rule_id("abc")
    assert normalize(" 717.2A. ") == "717.2a"
