"""The index as data for the site's search (judge/search/export.py): kept in the index's folder on first export and
read back the same; a kept file that is damaged, or was written for another weighting, is read from the index again."""

from __future__ import annotations

import json

from search_fixtures import cache, real_corpus_root  # noqa: F401  (cache: the private index cache)

from judge.search.export import EXPORT_FILE, export
from judge.search.index import Source, open_index


def _url(kind: str, game: str, doc_id: str) -> str:
    return f"{kind}/{game}/{doc_id}"


def test_kept_and_read_back_the_same(cache) -> None:  # noqa: F811
    source = Source(real_corpus_root())
    first = export(source, _url)
    oi = open_index(source)
    kept = oi.path / EXPORT_FILE
    oi.reader.close()
    assert kept.is_file()
    assert export(source, _url) == first
    assert first["docs"][0]["u"] == f"{first['docs'][0]['n']}/{first['docs'][0]['g']}/{first['docs'][0]['i']}"
    # damaged, or of another weighting: read from the index again, and kept anew
    for text in ("{not json", json.dumps({"weighting": [0.5, 1.0, 0.3], "docs": [], "fields": {}, "positions": {}})):
        kept.write_text(text, encoding="utf-8")
        assert export(source, _url) == first
        assert json.loads(kept.read_text(encoding="utf-8"))["docs"]
