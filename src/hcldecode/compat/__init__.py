"""Front ends that give other libraries' results from hcldecode's parser.

:mod:`hcldecode.compat.python_hcl2` reads files into the dictionaries of
python-hcl2 8.x (``import hcldecode.compat.python_hcl2 as hcl2``).
"""

from __future__ import annotations

__all__: list[str] = []
