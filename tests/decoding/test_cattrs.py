"""A cattrs converter as a Decoder's last rule (``Decoder(converter=...)``).

The types no rule of hcldecode handles, or that a built-in rule refuses,
are structured by the converter's hooks from the value made plain Python
and unstructured by it; what its hooks raise, cattrs' validation errors
included, are diagnostics at the part of the expression cattrs' path leads
to. The converter belongs to one decoder.
"""

from __future__ import annotations

import dataclasses
import decimal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest
from decoding_helpers import listed, span
from hypothesis import given
from hypothesis import strategies as st

import hcldecode as hcl
from extras import need
from hcldecode.values import DYNAMIC, STRING, Value

pytestmark = pytest.mark.cattrs
cattrs = need("cattrs")


class Money:
    """A domain type that hcldecode knows nothing of: ``"12.50 EUR"``."""

    def __init__(self, amount: decimal.Decimal, currency: str) -> None:
        self.amount = amount
        self.currency = currency

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Money) and (self.amount, self.currency) == (
            other.amount,
            other.currency,
        )

    def __hash__(self) -> int:
        return hash((self.amount, self.currency))

    def __repr__(self) -> str:
        return f"Money({self.amount} {self.currency})"


def structure_money(text: str, _cls: type) -> Money:
    amount, _, currency = text.partition(" ")
    if len(currency) != 3:
        raise ValueError(f"expected an amount and a currency code, not {text!r}")
    try:
        return Money(decimal.Decimal(amount), currency)
    except decimal.InvalidOperation:
        raise ValueError(f"{amount!r} is not an amount") from None


def unstructure_money(money: Money) -> str:
    return f"{money.amount} {money.currency}"


def money_converter() -> Any:
    converter = cattrs.Converter()
    converter.register_structure_hook(Money, structure_money)
    converter.register_unstructure_hook(Money, unstructure_money)
    return converter


@dataclasses.dataclass
class Item:
    name: str
    price: Money


@dataclasses.dataclass
class Invoice:
    total: Money
    items: list[Item] = dataclasses.field(default_factory=list)


def invoice_problems(decoder: hcl.Decoder, text: str) -> list[tuple[str, str, str]]:
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Invoice, filename="t.hcl")
    return listed(info.value)


# --------------------------------------------------------------------------- structure, unstructure


def test_a_domain_type_is_structured_by_the_converter_s_hook() -> None:
    decoder = hcl.Decoder(converter=money_converter())
    text = 'total = "12.50 EUR"\nitems = [{ name = "tea", price = "2.5 EUR" }]\n'
    assert decoder.loads(text, Invoice) == Invoice(
        Money(decimal.Decimal("12.50"), "EUR"), [Item("tea", Money(decimal.Decimal("2.5"), "EUR"))]
    )


def test_dumps_writes_the_converter_s_unstructured_form_and_reads_it_back() -> None:
    decoder = hcl.Decoder(converter=money_converter())
    invoice = Invoice(Money(decimal.Decimal("3.20"), "CHF"), [Item("jam", Money(1, "CHF"))])
    text = decoder.dumps(invoice)
    assert text == 'total = "3.20 CHF"\nitems = [{\n  name  = "jam"\n  price = "1 CHF"\n}]\n'
    assert decoder.loads(text, Invoice) == invoice
    assert decoder.types.to_value(Money(decimal.Decimal("7"), "USD")) == Value.string("7 USD")
    assert decoder.types.to_python(Value.string("7 USD"), Money) == Money(7, "USD")


@given(
    amount=st.decimals(allow_nan=False, allow_infinity=False, places=2),
    currency=st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3),
)
def test_every_amount_is_written_and_read_back_unchanged(
    amount: decimal.Decimal, currency: str
) -> None:
    decoder = hcl.Decoder(converter=money_converter())
    invoice = Invoice(Money(amount, currency))
    assert decoder.loads(decoder.dumps(invoice, syntax="json"), Invoice, syntax="json") == invoice


def test_objects_given_as_variables_are_unstructured_by_the_converter() -> None:
    decoder = hcl.Decoder(converter=money_converter())
    invoice = decoder.loads(
        "total = var.price\n", Invoice, variables={"var": {"price": Money(5, "GBP")}}
    )
    assert invoice.total == Money(5, "GBP")


class Sku(str):
    """A subclass of str: no rule of hcldecode's, cattrs builds it as ``Sku(value)``."""


@dataclasses.dataclass
class Stock:
    sku: Sku
    on_hand: dict[int, int]


def test_types_the_converter_leaves_as_they_are_are_written_by_hcldecode_s_rules() -> None:
    decoder = hcl.Decoder(converter=cattrs.Converter())
    stock = decoder.loads('sku = "A-1"\non_hand = { "3" = 10 }\n', Stock)
    assert (stock, type(stock.sku)) == (Stock(Sku("A-1"), {3: 10}), Sku)
    assert decoder.types.to_value(stock.sku).as_str() == "A-1"  # not unstructured forever
    with pytest.raises(TypeError) as info:  # cattrs keeps int keys: HCL's are strings
        decoder.dumps(stock)
    assert str(info.value) == "on_hand: mapping has key 3: keys of HCL objects must be strings"


def test_the_hook_s_first_parameter_says_which_hcl_type_values_are_converted_to() -> None:
    loose = cattrs.Converter()  # a lambda declares nothing: any value, as plain Python
    loose.register_structure_hook(Money, lambda v, _: Money(decimal.Decimal(v), "EUR"))
    assert hcl.Decoder(converter=loose).types.hcl_type(Money) == DYNAMIC
    assert hcl.Decoder(converter=loose).loads("total = 4.5\n", Invoice).total == Money(
        decimal.Decimal("4.5"), "EUR"
    )
    decoder = hcl.Decoder(converter=money_converter())  # structure_money(text: str, ...)
    assert decoder.types.hcl_type(Money) == STRING
    text = 'total = 12\nitems = [{ name = "x", price = ["1 EUR"] }]\n'
    assert invoice_problems(decoder, text) == [
        (
            "Unsuitable value type",
            "Unsuitable value: expected an amount and a currency code, not '12'.",
            span(text, "12"),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: element 0: attribute "price": string required, but have tuple.',
            span(text, '["1 EUR"]'),
        ),
    ]


class Degrees:
    def __init__(self, degrees: str) -> None:
        self.degrees = decimal.Decimal(degrees)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Degrees)
            and type(other) is type(self)
            and other.degrees == self.degrees
        )

    def __hash__(self) -> int:
        return hash(self.degrees)


class Celsius(Degrees):
    pass


class Fahrenheit(Degrees):
    pass


@dataclasses.dataclass
class Weather:
    low: Celsius
    high: Fahrenheit
    cost: Money


def test_hook_functions_and_hook_factories_are_used_as_the_converter_has_them() -> None:
    def degrees(tp: type) -> Any:
        unit = {Celsius: "C", Fahrenheit: "F"}[tp]

        def structure(text: str, cls: type) -> Any:
            if not text.endswith(unit):
                raise ValueError(f"expected degrees {unit}")
            return cls(text[: -len(unit)])

        return structure

    converter = cattrs.Converter()
    converter.register_structure_hook_factory(lambda t: t in (Celsius, Fahrenheit), degrees)
    converter.register_structure_hook_func(
        lambda t: t is Money, lambda v, _: Money(decimal.Decimal(v), "EUR")
    )
    decoder = hcl.Decoder(converter=converter)
    weather = decoder.loads('low = "-3C"\nhigh = "70F"\ncost = 2\n', Weather)
    assert weather == Weather(Celsius("-3"), Fahrenheit("70"), Money(2, "EUR"))
    text = 'low = "3F"\nhigh = "70F"\ncost = 2\n'
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Weather, filename="t.hcl")
    assert listed(info.value) == [
        ("Unsuitable value type", "Unsuitable value: expected degrees C.", span(text, '"3F"'))
    ]


# --------------------------------------------------------------------------- diagnostics


def test_a_failing_hook_is_a_diagnostic_at_the_value() -> None:
    decoder = hcl.Decoder(converter=money_converter())
    text = textwrap.dedent(
        """\
        total = "12.50 EUR"
        items = [
          { name = "tea", price = "2.5 EUR" },
          { name = "jam", price = "x.5 EUR" },
        ]
        """
    )
    assert invoice_problems(decoder, text) == [
        (
            "Unsuitable value type",
            "Unsuitable value: element 1: attribute \"price\": 'x.5' is not an amount.",
            span(text, '"x.5 EUR"'),
        )
    ]


@attrs.frozen
class Part:
    """A class that contains itself: hcldecode refuses it, the converter knows it."""

    name: str
    count: int = 1
    parts: list[Part] = attrs.field(factory=list)


@dataclasses.dataclass
class Assembly:
    part: Part
    stock: dict[int, int] = dataclasses.field(default_factory=dict)  # keys hcldecode refuses


def test_types_hcldecode_refuses_are_the_converter_s() -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads('part = { name = "x" }\n', Assembly)
    assert str(info.value) == (
        "Assembly.part: Part contains itself, and HCL's object types cannot (a class that "
        "contains itself can be decoded from nested blocks)"
    )
    decoder = hcl.Decoder(converter=cattrs.Converter())
    text = (
        'part = { name = "bike", parts = [{ name = "wheel", count = 2 }] }\nstock = { "7" = 3 }\n'
    )
    assert decoder.loads(text, Assembly) == Assembly(Part("bike", 1, [Part("wheel", 2)]), {7: 3})


def test_each_leaf_of_a_cattrs_validation_error_is_a_diagnostic_at_its_part() -> None:
    decoder = hcl.Decoder(converter=cattrs.Converter())
    text = textwrap.dedent(
        """\
        part = {
          name  = "bike"
          parts = [
            { name = "wheel", count = 2 },
            { name = "frame", count = "one" },
            { count = 1 },
          ]
        }
        stock = { "7" = 3, "x" = 1 }
        """
    )
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Assembly, filename="t.hcl")
    assert listed(info.value) == [
        (
            "Unsuitable value type",
            'Unsuitable value: attribute "parts": element 1: attribute "count": '
            "invalid literal for int() with base 10: 'one'.",
            span(text, '"one"'),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: attribute "parts": element 2: attribute "name" is required.',
            span(text, "{ count = 1 }"),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: key \"x\": invalid literal for int() with base 10: 'x'.",
            span(text, '"x"'),
        ),
    ]


def test_extra_keys_a_strict_converter_forbids_are_diagnostics_at_the_key() -> None:
    decoder = hcl.Decoder(converter=cattrs.Converter(forbid_extra_keys=True))
    text = 'part = { name = "bike", parts = [{ name = "bell", colour = "red" }] }\n'
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Assembly, filename="t.hcl")
    assert listed(info.value) == [
        (
            "Unsuitable value type",
            'Unsuitable value: attribute "parts": element 0: unexpected attribute "colour".',
            span(text, "colour"),
        )
    ]


@attrs.frozen
class Limits:
    cpu: int
    memory: int


def structure_limits(value: Any) -> Limits:
    # a types= structure function that uses cattrs and lets its errors out
    converter: Any = cattrs.Converter()
    limits: Limits = converter.structure(value, Limits)
    return limits


@dataclasses.dataclass
class Job:
    limits: Limits


def test_a_cattrs_error_from_a_types_structure_function_is_a_diagnostic_too() -> None:
    decoder = hcl.Decoder(types={Limits: (DYNAMIC, structure_limits)})
    assert decoder.loads("limits = { cpu = 2, memory = 512 }\n", Job) == Job(Limits(2, 512))
    text = 'limits = { cpu = "two", memory = [] }\n'
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Job, filename="t.hcl")
    assert listed(info.value) == [
        (
            "Unsuitable value type",
            "Unsuitable value: attribute \"cpu\": invalid literal for int() with base 10: 'two'.",
            span(text, '"two"'),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: attribute "memory": int() argument must be a string, a '
            "bytes-like object or a real number, not 'list'.",
            span(text, "[]"),
        ),
    ]


# --------------------------------------------------------------------------- precedence, ownership


def test_hcldecode_s_rules_come_before_the_converter_s_hooks() -> None:
    converter = money_converter()
    converter.register_structure_hook(int, lambda v, _: -1)  # never asked: int is built in
    converter.register_structure_hook(Limits, lambda v, _: Limits(0, 0))  # an attrs class
    decoder = hcl.Decoder(converter=converter)
    assert decoder.loads("limits = { cpu = 2, memory = 512 }\n", Job) == Job(Limits(2, 512))
    # types= puts the converter's own hook first, with the HCL type it reads
    first = hcl.Decoder(
        converter=converter,
        types={Limits: (STRING, lambda v: converter.structure(v, Limits))},
    )
    assert first.loads('limits = "any"\n', Job) == Job(Limits(0, 0))


def test_two_decoders_one_with_a_converter_do_not_meet() -> None:
    plain = hcl.Decoder()
    with_converter = hcl.Decoder(converter=money_converter())
    assert with_converter.loads('total = "1 EUR"\n', Invoice).total == Money(1, "EUR")
    for decoder in (plain, hcl.Decoder(converter=cattrs.Converter())):
        with pytest.raises(hcl.SchemaError) as info:
            decoder.loads('total = "1 EUR"\n', Invoice)
        assert str(info.value).startswith(f"Invoice.total: hcldecode has no HCL type for {Money!r}")
    with pytest.raises(hcl.SchemaError):
        hcl.loads('total = "1 EUR"\n', Invoice)
    with pytest.raises(TypeError, match="cannot convert Money to an HCL value"):
        plain.types.to_value(Money(1, "EUR"))
    # a decoder made from one with a converter keeps it; the other is unchanged
    derived = with_converter.with_type(Limits, DYNAMIC, structure_limits)
    assert derived.types.converter is with_converter.types.converter
    assert derived.loads('total = "2 EUR"\n', Invoice).total == Money(2, "EUR")
    assert plain.types.converter is None


def test_without_a_hook_the_converter_says_so() -> None:
    decoder = hcl.Decoder(converter=cattrs.Converter())
    with pytest.raises(hcl.SchemaError) as info:
        decoder.loads('total = "1 EUR"\n', Invoice)
    assert str(info.value) == (
        f"Invoice.total: hcldecode has no HCL type for {Money!r}, and the converter "
        "has no structure hook for it"
    )


def test_a_converter_must_be_a_cattrs_converter() -> None:
    with pytest.raises(TypeError) as info:
        hcl.Decoder(converter=object)
    assert str(info.value) == "converter must be a cattrs converter, not <class 'object'>"


def test_importing_hcldecode_and_decoding_without_a_converter_do_not_import_cattrs() -> None:
    code = (
        "import sys\nimport hcldecode as hcl\nimport dataclasses\n"
        "@dataclasses.dataclass\nclass C:\n    n: int\n"
        "hcl.loads('n = 1', C)\nhcl.dumps(C(1))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('cattrs', 'exceptiongroup')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n"


# --------------------------------------------------------------------------- the command line


def test_the_command_line_prints_the_converter_s_unstructured_form(tmp_path: Path) -> None:
    (tmp_path / "schema.py").write_text(
        textwrap.dedent(
            """\
            import dataclasses
            import cattrs
            import hcldecode as hcl

            class Money:
                def __init__(self, text):
                    self.amount, self.currency = text.split()

            converter = cattrs.Converter()
            converter.register_structure_hook(Money, lambda v, _: Money(v))
            converter.register_unstructure_hook(
                Money, lambda m: {"amount": m.amount, "currency": m.currency}
            )
            decoder = hcl.Decoder(converter=converter)

            @dataclasses.dataclass
            class Config:
                price: Money
            """
        ),
        encoding="utf-8",
    )
    (tmp_path / "c.hcl").write_text('price = "4.20 EUR"\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "hcldecode", "decode", "c.hcl", "--schema", "schema.py:Config"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (
        '{\n  "price": {\n    "amount": "4.20",\n    "currency": "EUR"\n  }\n}\n'
    )
