"""The same configuration decodes into the classes of every model library to the same
data, and the same broken file gives the same diagnostics (summary and range)."""

from __future__ import annotations

import json

import jsonschema
import pytest
from decoding_helpers import span
from jsonschema.exceptions import best_match
from model_libraries import BROKEN, LIBRARIES, SHOP, SHOP_DATA, classes, plain

import hcldecode as hcl

PARAMETERS = [
    pytest.param(name, marks=[getattr(pytest.mark, marker)] if marker else [], id=name)
    for name, marker in LIBRARIES.items()
]


@pytest.mark.parametrize("library", PARAMETERS)
def test_the_shop_decodes_to_the_same_data(library: str) -> None:
    assert plain(hcl.loads(SHOP, classes(library))) == SHOP_DATA


@pytest.mark.parametrize("library", PARAMETERS)
def test_the_broken_shop_gives_the_same_diagnostics(library: str) -> None:
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(BROKEN, classes(library), filename="t.hcl")
    found = [(d.summary, str(d.subject)) for d in info.value.diagnostics]
    assert found == [
        ("Unsuitable value type", span(BROKEN, '["x"]')),
        ("Unsupported argument", span(BROKEN, "colour")),
        ("Insufficient listener blocks", span(BROKEN, "{", 0, empty=True)),
        ("Unsuitable value type", span(BROKEN, '"many"')),
        ("Unsuitable value type", span(BROKEN, '"icmp"')),
        ("Missing name for service", span(BROKEN, "{", 1)),
        ("Unsupported argument", span(BROKEN, "link")),
    ]


@pytest.mark.parametrize("library", PARAMETERS)
def test_the_shop_is_written_back(library: str) -> None:
    cls = classes(library)
    shop = hcl.loads(SHOP, cls)
    assert plain(hcl.loads(hcl.dumps(shop, cls=cls), cls)) == SHOP_DATA


@pytest.mark.parametrize("library", PARAMETERS)
def test_the_shops_json_form_validates_against_its_schema(library: str) -> None:
    cls = classes(library)
    validator = jsonschema.Draft202012Validator(hcl.json_schema(cls))
    document = json.loads(hcl.dumps(hcl.loads(SHOP, cls), syntax="json", cls=cls))
    assert list(validator.iter_errors(document)) == []
    document["menu"]["root"]["menu"][0]["products"]["colour"] = "red"
    error = best_match(validator.iter_errors(document))
    assert list(error.absolute_path) == ["menu", "root", "menu", 0, "products"]
    assert error.message == "Additional properties are not allowed ('colour' was unexpected)"
