"""The check's report for CI: a JUnit XML file (``judge faq check --junit``)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from judge.faq.check_render import cited_text, needs_text
from judge.faq.check_results import FRAGMENT, NOT_ENCODED, NOT_RUN, REGRESSED, Report, ScenarioOutcome, ruling_labels
from judge.locale import t


def junit_xml(report: Report, lang: str | None = None) -> bytes:
    """A JUnit XML report: one testsuite per FAQ document, one testcase per entry; its messages in ``lang`` (default:
    the language in use), its structure what CI tools read.

    ``regressed`` → ``<failure>``; ``not-encoded`` / ``not-run`` → ``<skipped>``; citation status
    and review flags go to the testcase's ``<system-out>``.  Problems not tied to an entry (stale
    FAQ file, a scenario naming an unknown entry) are a separate ``faq-data`` testsuite.  The rules'
    worked examples are one ``examples.<game>`` testsuite per game, a testcase ``<rule>#<n>`` each.
    """
    labels = ruling_labels(lang)
    root = ET.Element("testsuites", name="judge faq check")
    suites: dict[str, ET.Element] = {}

    def failed(scenarios: list[ScenarioOutcome]) -> str:
        return t("msg.faq.check.citation_sep", lang).join(
            f"{s.path}: {s.detail or t('msg.faq.check.failed', lang)}" for s in scenarios if not s.passed)

    for r in report.results:
        name = f"faq.{r.entry.game}.{r.entry.id.rsplit('-', 1)[0]}"
        suite = suites.get(name)
        if suite is None:
            suite = suites[name] = ET.SubElement(root, "testsuite", name=name)
        case = ET.SubElement(suite, "testcase", classname=name, name=r.entry.id)
        if r.ruling == REGRESSED:
            msg = failed(r.scenarios)
            ET.SubElement(case, "failure", message=t("msg.faq.junit.regressed", lang, detail=msg), type="regressed").text = msg
        elif r.ruling in (NOT_ENCODED, NOT_RUN):
            ET.SubElement(case, "skipped", message=labels[r.ruling])
        lines = [r.entry.question]
        if r.ruling == NOT_ENCODED:
            lines.append(t("msg.faq.pending.needs", lang, text=needs_text(r, lang)).strip())
        if r.citations:
            lines.append(t("msg.faq.check.cites", lang, items=cited_text(r.citations, lang)).strip())
        if r.review:
            lines.append(t("msg.faq.junit.review", lang))
        ET.SubElement(case, "system-out").text = "\n".join(lines)
    for e in report.examples:
        name = f"examples.{e.game}"
        suite = suites.get(name)
        if suite is None:
            suite = suites[name] = ET.SubElement(root, "testsuite", name=name)
        case = ET.SubElement(suite, "testcase", classname=name, name=f"{e.rule}#{e.index}")
        if e.ruling == REGRESSED:
            msg = failed(e.scenarios)
            ET.SubElement(case, "failure", message=t("msg.faq.junit.regressed", lang, detail=msg), type="regressed").text = msg
        elif e.ruling in (NOT_ENCODED, NOT_RUN, FRAGMENT):
            ET.SubElement(case, "skipped", message=labels[e.ruling])
        ET.SubElement(case, "system-out").text = e.text
    if report.problems:
        suite = suites["faq-data"] = ET.SubElement(root, "testsuite", name="faq-data")
        for i, p in enumerate(report.problems, 1):
            case = ET.SubElement(suite, "testcase", classname="faq-data", name=f"problem-{i}")
            ET.SubElement(case, "failure", message=p, type="data")
    total = failures = skipped = 0
    for suite in suites.values():
        cases = suite.findall("testcase")
        f = sum(c.find("failure") is not None for c in cases)
        s = sum(c.find("skipped") is not None for c in cases)
        suite.set("tests", str(len(cases)))
        suite.set("failures", str(f))
        suite.set("errors", "0")
        suite.set("skipped", str(s))
        total, failures, skipped = total + len(cases), failures + f, skipped + s
    root.set("tests", str(total))
    root.set("failures", str(failures))
    root.set("errors", "0")
    root.set("skipped", str(skipped))
    for el in root.iter():  # text from scenario files and documents may hold characters XML 1.0 forbids
        el.text = _xml_text(el.text)
        for k, v in el.attrib.items():
            el.set(k, _xml_text(v) or "")
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


# what XML 1.0 cannot hold at all (most control characters, lone surrogates, U+FFFE/U+FFFF)
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str | None) -> str | None:
    """``text`` with each character XML cannot hold shown as a visible escape (``\\x1b``); the rest as is."""
    if text is None:
        return None
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text)
