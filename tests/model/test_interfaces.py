"""Body and Expression: plain base classes whose abstract methods a subclass defines.

They are not ``abc.ABC``s (docs/architecture.md, "The compiled build"): a
subclass that leaves a method out can be made, and calling that method says
which class leaves which method out.
"""

from __future__ import annotations

from typing import Any

import pytest

from hcldecode.model import Body, BodySchema, Expression


class _Incomplete(Expression, Body):  # both interfaces, nothing defined
    pass


@pytest.mark.parametrize(
    ("call", "method"),
    [
        (lambda x: x.value(), "value"),
        (lambda x: x.variables(), "variables"),
        (lambda x: x.range, "range"),
        (lambda x: x.content(BodySchema()), "content"),
        (lambda x: x.partial_content(BodySchema()), "partial_content"),
        (lambda x: x.just_attributes(), "just_attributes"),
        (lambda x: x.missing_item_range, "missing_item_range"),
    ],
)
def test_a_method_left_out_says_so(call: Any, method: str) -> None:
    with pytest.raises(NotImplementedError) as raised:
        call(_Incomplete())
    assert str(raised.value) == f"_Incomplete does not define {method}()"


def test_the_interfaces_are_plain_classes() -> None:
    assert type(Expression) is type
    assert type(Body) is type
    assert {
        name
        for cls in (Expression, Body)
        for name, member in vars(cls).items()
        if getattr(getattr(member, "fget", member), "__isabstractmethod__", False)
    } == {
        "value",
        "variables",
        "range",
        "content",
        "partial_content",
        "just_attributes",
        "missing_item_range",
    }
