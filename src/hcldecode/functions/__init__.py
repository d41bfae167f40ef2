"""go-cty's function library (``cty/function/stdlib``), for HCL expressions.

The layer above :mod:`hcldecode.values`, which holds the function *model*
(:class:`~hcldecode.values.Function`, :class:`~hcldecode.values.Parameter`,
:func:`~hcldecode.pytypes.function`); this package holds functions built
with it:

* :data:`STDLIB`: go-cty's standard library under the names Terraform gives
  its functions (``upper``, ``regex``, ``formatdate``, ``jsonencode``...), a
  read-only mapping from name to :class:`~hcldecode.values.Function`, to
  pass as (or merge into) the functions of an evaluation context;
* :data:`SPEC_FUNCTIONS`: the fifteen of them that the reference's
  ``hcldec`` command offers to the expressions of a spec file (``reverse``
  there is ``strrev`` in :data:`STDLIB`).

The regular-expression functions match with Google's RE2 when the optional
``google-re2`` package is installed (``pip install hcldecode[re2]``), and
otherwise with Python's :mod:`re`, refusing the patterns it could take
exponential time on (see the documentation's "Functions" page).

Terraform's file functions, which read files and parse templates, live
above the syntaxes: :func:`hcldecode.hclparse.file_functions`.

``hcldecode.STDLIB`` is the same mapping; ``hcldecode.values.STDLIB`` still
works but is deprecated.
"""

from __future__ import annotations

from ._stdlib import SPEC_FUNCTIONS, STDLIB

__all__ = ["SPEC_FUNCTIONS", "STDLIB"]
