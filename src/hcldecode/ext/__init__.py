"""Extensions to HCL, as HCL's Go ``ext`` packages: :mod:`.typeexpr` (type
constraint expressions), :mod:`.userfunc` (functions defined in
configuration), :mod:`.tryfunc` (``try`` and ``can``) and :mod:`.dynblock`
(``dynamic`` blocks)."""
