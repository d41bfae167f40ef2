"""pydantic v2 models as configuration classes: markers, aliases, pydantic's validation
reported at its place, types only pydantic knows, and writing models back.

Without pydantic the whole module is one skipped line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Annotated, Any

import pytest

from extras import need

pydantic = need("pydantic")

from decoding_helpers import problems, span  # noqa: E402
from pydantic import (  # noqa: E402
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    HttpUrl,
    IPvAnyAddress,
    SecretStr,
    field_validator,
    model_validator,
)
from pydantic.alias_generators import to_camel  # noqa: E402

import hcldecode as hcl  # noqa: E402
from hcldecode.model import AttributeSchema, BlockHeaderSchema  # noqa: E402
from hcldecode.write import parse_document  # noqa: E402

pytestmark = pytest.mark.pydantic


class Listener(BaseModel):
    name: Annotated[str, hcl.label()]
    port: int = Field(gt=0, lt=65536, description="The TCP port.")
    where: Annotated[hcl.Range | None, hcl.def_range()] = None

    model_config = ConfigDict(arbitrary_types_allowed=True)


class Limits(BaseModel):
    cpu: float = 1.0
    memory: int = Field(default=512, ge=64)


class Service(BaseModel):
    title: str = Field(alias="Title")
    listeners: Annotated[list[Listener], hcl.block("listener")] = []
    limits: Annotated[Limits | None, hcl.block()] = None
    tags: list[str] = Field(default_factory=list, max_length=2)
    retries: Annotated[int, hcl.attr("max_retries")] = 3

    @field_validator("tags")
    @classmethod
    def _no_spaces(cls, tags: list[str]) -> list[str]:
        for tag in tags:
            if " " in tag:
                raise ValueError(f"tag {tag!r} has a space")
        return tags

    @model_validator(mode="after")
    def _check(self) -> Service:
        if self.title == self.title.upper() and self.retries > 5:
            raise ValueError("a loud service retries at most 5 times")
        return self


SERVICE = """\
Title       = "web"
max_retries = 4
tags        = ["a", "b"]

listener "http" {
  port = 80
}

listener "https" {
  port = 443
}

limits {
  memory = 128
}
"""


def test_a_model_decodes_with_markers_aliases_and_defaults() -> None:
    service = hcl.loads(SERVICE, Service, filename="t.hcl")
    assert service.model_dump(exclude={"listeners"}) == {
        "title": "web",
        "limits": {"cpu": 1.0, "memory": 128},
        "tags": ["a", "b"],
        "retries": 4,
    }
    assert [(lis.name, lis.port, str(lis.where)) for lis in service.listeners] == [
        ("http", 80, span(SERVICE, 'listener "http"')),
        ("https", 443, span(SERVICE, 'listener "https"')),
    ]
    assert hcl.loads('Title = "x"\n', Service) == Service(Title="x")


def test_the_schema_uses_aliases_and_marker_names() -> None:
    schema = hcl.schema_of(Service)
    assert schema.attributes == (
        AttributeSchema("Title", required=True),
        AttributeSchema("tags"),
        AttributeSchema("max_retries"),
    )
    assert schema.blocks == (
        BlockHeaderSchema("listener", ("name",)),
        BlockHeaderSchema("limits"),
    )


def test_fields_record_documentation_and_constraints() -> None:
    fields = {f.name: f for f in hcl.Decoder().types.class_fields(Listener)}
    port = fields["port"]
    assert (port.hcl_name, port.annotation, port.doc, port.default) == (
        "port",
        int,
        "The TCP port.",
        hcl.pytypes.MISSING,
    )
    assert [type(m).__name__ for m in port.metadata] == ["Gt", "Lt"]
    assert [(m.gt if hasattr(m, "gt") else m.lt) for m in port.metadata] == [0, 65536]
    tags = {f.name: f for f in hcl.Decoder().types.class_fields(Service)}["tags"]
    assert (tags.factory, [type(m).__name__ for m in tags.metadata]) == (list, ["MaxLen"])


class Pattern(BaseModel):
    code: str = Field(pattern="^[A-Z]+$")


def test_a_pattern_constraint_is_in_the_metadata_and_checked() -> None:
    (code,) = hcl.Decoder().types.class_fields(Pattern)
    assert [getattr(m, "pattern", None) for m in code.metadata] == ["^[A-Z]+$"]
    text = 'code = "abc"\n'
    assert problems(text, Pattern) == [
        (
            "Invalid attribute value",
            "The value of \"code\" is not valid: String should match pattern '^[A-Z]+$'",
            span(text, '"abc"'),
        )
    ]


def test_each_validation_error_is_a_diagnostic_at_its_place() -> None:
    text = """\
Title = "web"
tags  = ["a", "b c"]

listener "http" {
  port = 80
}

limits {
  memory = 8
}
"""
    # The service cannot be built without its limits, yet its tags are checked too.
    assert problems(text, Service) == [
        (
            "Invalid attribute value",
            "The value of \"tags\" is not valid: tag 'b c' has a space",
            span(text, '["a", "b c"]'),
        ),
        (
            "Invalid attribute value",
            'The value of "memory" is not valid: Input should be greater than or equal to 64',
            span(text, "memory = 8", part="8"),
        ),
    ]
    text = 'Title = "web"\ntags  = ["a", "b c", "d"]\n'
    assert problems(text, Service) == [
        (
            "Invalid attribute value",
            'The value of "tags" is not valid: List should have at most 2 items after '
            "validation, not 3",
            span(text, '["a", "b c", "d"]'),
        ),
    ]


def test_a_value_error_of_a_validator_is_its_own_message() -> None:
    # pydantic's msg is "Value error, tag 'b c' has a space"; the detail drops its prefix.
    text = 'Title = "web"\ntags  = ["a", "b c"]\n'
    assert problems(text, Service) == [
        (
            "Invalid attribute value",
            "The value of \"tags\" is not valid: tag 'b c' has a space",
            span(text, '["a", "b c"]'),
        ),
    ]


def test_a_model_validator_is_a_problem_of_the_object() -> None:
    text = 'Title = "WEB"\nmax_retries = 9\n'
    assert problems(text, Service) == [
        (
            "Invalid configuration",
            "The configuration is not valid: a loud service retries at most 5 times",
            "t.hcl:1,1-1",
        )
    ]


class Pair(BaseModel):
    low: int
    high: int

    @model_validator(mode="after")
    def _ordered(self) -> Pair:
        if self.high < self.low:
            raise ValueError("high is below low")
        return self


class Pairs(BaseModel):
    pair: Annotated[list[Pair], hcl.block()] = []
    ports: list[int] = []

    @field_validator("ports")
    @classmethod
    def _positive(cls, ports: list[int]) -> list[int]:
        if not all(p > 0 for p in ports):
            raise AssertionError("ports are positive")
        return ports


class Labelled(BaseModel):
    kind: Annotated[str, hcl.label()]

    @field_validator("kind")
    @classmethod
    def _known(cls, kind: str) -> str:
        if kind not in ("a", "b"):
            raise ValueError(f"unknown kind {kind!r}")
        return kind


class HasLabelled(BaseModel):
    item: Annotated[list[Labelled], hcl.block()] = []


def test_problems_of_blocks_and_labels_are_at_the_block_and_the_label() -> None:
    text = "pair {\n  low = 1\n  high = 2\n}\npair {\n  low = 5\n  high = 2\n}\n"
    assert problems(text, Pairs) == [
        (
            "Invalid configuration",
            "The pair block is not valid: high is below low",
            span(text, "pair", 1),
        )
    ]
    text = 'item "a" {}\nitem "z" {}\n'
    assert problems(text, HasLabelled) == [
        (
            "Invalid block label",
            "The \"kind\" label of the item block is not valid: unknown kind 'z'",
            span(text, '"z"'),
        )
    ]


def test_an_assertion_of_a_validator_is_its_own_message() -> None:
    text = "ports = [1, 0]\n"
    assert problems(text, Pairs) == [
        (
            "Invalid attribute value",
            'The value of "ports" is not valid: ports are positive',
            span(text, "[1, 0]"),
        )
    ]


class Endpoints(BaseModel):
    home: HttpUrl
    mirrors: list[HttpUrl] = []
    address: IPvAnyAddress | None = None
    password: SecretStr = SecretStr("")


def test_types_only_pydantic_knows_are_validated_by_pydantic() -> None:
    text = 'home = "https://example.com"\naddress = "10.0.0.1"\npassword = "pw"\n'
    endpoints = hcl.loads(text, Endpoints)
    assert (str(endpoints.home), str(endpoints.address)) == ("https://example.com/", "10.0.0.1")
    assert endpoints.password.get_secret_value() == "pw"
    text = 'home = "nope"\nmirrors = ["https://a.example", "b"]\naddress = "1.2.3"\n'
    assert problems(text, Endpoints) == [
        (
            "Invalid attribute value",
            'The value of "home" is not valid: Input should be a valid URL, relative URL '
            "without a base",
            span(text, '"nope"'),
        ),
        (
            "Invalid attribute value",
            'The value of "mirrors" is not valid: element 1: Input should be a valid URL, '
            "relative URL without a base",
            span(text, '"b"'),
        ),
        (
            "Invalid attribute value",
            'The value of "address" is not valid: value is not a valid IPv4 or IPv6 address',
            span(text, '"1.2.3"'),
        ),
    ]


def test_every_mistake_is_reported_at_once() -> None:
    text = 'home = "nope"\nmirrors = 1\naddress = "1.2.3"\n'
    assert problems(text, Endpoints) == [
        (
            "Invalid attribute value",
            'The value of "home" is not valid: Input should be a valid URL, relative URL '
            "without a base",
            span(text, '"nope"'),
        ),
        (
            "Invalid attribute value",
            'The value of "mirrors" is not valid: Input should be a valid list',
            span(text, "1"),
        ),
        (
            "Invalid attribute value",
            'The value of "address" is not valid: value is not a valid IPv4 or IPv6 address',
            span(text, '"1.2.3"'),
        ),
    ]
    text = 'origin = { x = -1 }\npoints = [{ x = 1 }, { x = 2, y = 7 }]\nurls = ["b"]\n'
    assert problems(text, Holder) == [
        (
            "Unsuitable value type",
            'Unsuitable value: attribute "x": Input should be greater than or equal to 0.',
            span(text, "-1"),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: element 1: attribute "y": seven is unlucky.',
            span(text, "7"),
        ),
        (
            "Invalid attribute value",
            'The value of "urls" is not valid: element 0: Input should be a valid URL, '
            "relative URL without a base",
            span(text, '"b"'),
        ),
    ]


class Point(BaseModel):
    x: int = Field(ge=0)
    y: int = 0

    @field_validator("y")
    @classmethod
    def _lucky(cls, y: int) -> int:
        if y == 7:
            raise ValueError("seven is unlucky")
        return y


class Holder(BaseModel):
    origin: Point
    points: list[Point] = []
    urls: list[HttpUrl] = []


def test_types_only_pydantic_knows_need_a_model() -> None:
    import dataclasses  # noqa: PLC0415

    @dataclasses.dataclass
    class NotAModel:
        home: HttpUrl

    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads("", NotAModel)
    assert str(info.value) == (
        "test_types_only_pydantic_knows_need_a_model.<locals>.NotAModel.home: hcldecode has no "
        "HCL type for <class 'pydantic.networks.HttpUrl'> (a Decoder learns the application's "
        "own types from its types= and rules=)"
    )


class Outer(BaseModel):
    corner: Pair | None = None
    corners: list[Pair] = []
    named: dict[str, Limits] = {}


def test_models_as_attribute_values_locate_their_problems() -> None:
    text = (
        "corner = { low = 3, high = 1 }\n"
        "corners = [{ low = 1, high = 2 }, { low = 1, high = 0 }]\n"
        "named = { a = { memory = 1 } }\n"
    )
    assert problems(text, Outer) == [
        (
            "Unsuitable value type",
            "Unsuitable value: high is below low.",
            span(text, "{ low = 3, high = 1 }"),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: element 1: high is below low.",
            span(text, "{ low = 1, high = 0 }"),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: element "a": attribute "memory": Input should be greater than '
            "or equal to 64.",
            span(text, "memory = 1", part="1"),
        ),
    ]
    outer = hcl.loads("corner = { low = 1, high = 3 }\n", Outer)
    assert outer.corner == Pair(low=1, high=3)


class Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel)

    max_size: int
    other_name: Annotated[int, hcl.attr("explicit")] = 1
    low: int = Field(0, validation_alias=AliasChoices("lo", "low_"))


class ByName(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    size: int = Field(alias="Size", gt=0)


def test_aliases_from_a_generator_and_validation_aliases() -> None:
    assert hcl.loads("maxSize = 2\nexplicit = 3\nlow = 4\n", Camel) == Camel(
        maxSize=2, otherName=3, lo=4
    )
    assert [a.name for a in hcl.schema_of(Camel).attributes] == ["maxSize", "explicit", "low"]
    text = "Size = 0\n"
    assert problems(text, ByName) == [
        (
            "Invalid attribute value",
            'The value of "Size" is not valid: Input should be greater than 0',
            span(text, "0"),
        )
    ]


def test_a_validation_alias_of_several_steps_is_refused() -> None:
    class Deep(BaseModel):
        x: int = Field(validation_alias=pydantic.AliasPath("a", 0))

    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads("x = 1\n", Deep)
    assert str(info.value) == (
        "test_a_validation_alias_of_several_steps_is_refused.<locals>.Deep.x: its validation "
        "alias AliasPath(path=['a', 0]) is not one name, so hcldecode cannot give it its "
        "value; set populate_by_name=True in the model's configuration"
    )


class Short(BaseModel):
    model_config = ConfigDict(str_max_length=3, str_to_upper=True)

    code: str = ""


def test_the_models_own_configuration_applies() -> None:
    assert hcl.loads('code = "abc"\n', Short).code == "ABC"
    text = 'code = "abcd"\n'
    assert problems(text, Short) == [
        (
            "Invalid attribute value",
            'The value of "code" is not valid: String should have at most 3 characters',
            span(text, '"abcd"'),
        )
    ]


class Document(BaseModel):
    title: str = Field(alias="Title")
    home: HttpUrl | None = None
    listeners: Annotated[list[Listener], hcl.block("listener")] = []
    limits: Annotated[Limits | None, hcl.block()] = None
    named: dict[str, Limits] = {}

    model_config = ConfigDict(arbitrary_types_allowed=True)


def test_models_are_written_back() -> None:
    doc = Document(
        Title="t",
        home="https://example.com",
        listeners=[Listener(name="a", port=1), Listener(name="b", port=2)],
        limits=Limits(memory=256),
        named={"x": Limits(cpu=2.5)},
    )
    text = hcl.dumps(doc)
    assert text == (
        'Title = "t"\n'
        'home  = "https://example.com/"\n'
        "\n"
        'listener "a" {\n'
        "  port = 1\n"
        "}\n"
        "\n"
        'listener "b" {\n'
        "  port = 2\n"
        "}\n"
        "\n"
        "limits {\n"
        "  memory = 256\n"
        "}\n"
        "\n"
        "named = {\n"
        "  x = {\n"
        "    cpu    = 2.5\n"
        "    memory = 512\n"
        "  }\n"
        "}\n"
    )
    again = hcl.loads(text, Document)
    assert again.model_dump(exclude={"listeners"}) == doc.model_dump(exclude={"listeners"})
    assert [(x.name, x.port) for x in again.listeners] == [("a", 1), ("b", 2)]
    assert json.loads(hcl.dumps(doc, syntax="json"))["listener"] == [
        {"a": {"port": 1}},
        {"b": {"port": 2}},
    ]


def test_a_secret_is_sensitive_and_not_written() -> None:
    # (it was written as pydantic writes it, "**********", which reads back as that text)
    endpoints = Endpoints(home="https://example.com", password=SecretStr("pw"))
    with pytest.raises(ValueError) as refused:
        hcl.dumps(endpoints)
    assert str(refused.value) == (
        "password: the field is sensitive, and a sensitive value is not written as text"
    )


def test_update_document_edits_a_model_in_place() -> None:
    text = '# the service\nTitle = "old" # name\n\nlistener "a" {\n  port = 1\n}\n'
    doc = hcl.loads(text, Document)
    doc.title = "new"
    doc.listeners[0].port = 8
    document, diags = parse_document(text)
    assert document is not None, diags
    hcl.update_document(document, doc)
    assert document.text == (
        '# the service\nTitle = "new" # name\n\nlistener "a" {\n  port = 8\n}\n'
    )


def test_the_command_prints_models_as_json(tmp_path: Path) -> None:
    (tmp_path / "schema.py").write_text(
        "from typing import Annotated\n"
        "import pydantic\n"
        "import hcldecode as hcl\n"
        "class Site(pydantic.BaseModel):\n"
        "    home: pydantic.HttpUrl\n"
        "    size: int = pydantic.Field(alias='Size', default=1)\n",
        encoding="utf-8",
    )
    (tmp_path / "site.hcl").write_text('home = "https://example.com"\nSize = 3\n')
    result = subprocess.run(
        [sys.executable, "-m", "hcldecode", "decode", "site.hcl", "--schema", "schema.py:Site"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, json.loads(result.stdout), result.stderr) == (
        0,
        {"home": "https://example.com/", "size": 3},
        "",
    )


def test_importing_and_decoding_a_dataclass_leaves_pydantic_unloaded() -> None:
    code = """
import dataclasses, sys
import hcldecode as hcl

@dataclasses.dataclass
class C:
    a: int

print(hcl.loads("a = 1", C), hcl.dumps(C(2)).strip(), "pydantic" in sys.modules)
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == "C(a=1) a = 2 False\n"


def test_any_field_holds_what_pydantic_makes_of_it() -> None:
    class Loose(BaseModel):
        anything: Any = None

    assert hcl.loads('anything = { a = [1, "x"] }\n', Loose).anything == {"a": [1, "x"]}
