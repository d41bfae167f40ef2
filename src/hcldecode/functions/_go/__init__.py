"""Go's standard library as go-cty's functions see it, for the function library.

Private to :mod:`hcldecode.functions`: ``regexp`` reads RE2 patterns as
Go's ``regexp/syntax`` does (with ``regexp_unicode`` and the generated
``regexp_scripts`` for its Unicode classes) and translates them to Python's
:mod:`re`, and ``regexp_cost`` bounds the time Python's backtracking matcher
may take on them; ``time`` is Go's ``time`` layouts and durations, ``fmt``
its ``%`` verbs, ``csv`` its ``encoding/csv`` reader.
"""
