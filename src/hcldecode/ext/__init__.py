"""Extensions to HCL, as HCL's Go ``ext`` packages: :mod:`.typeexpr` (type
constraint expressions), :mod:`.userfunc` (functions defined in
configuration), :mod:`.tryfunc` (``try`` and ``can``), :mod:`.dynblock`
(``dynamic`` blocks) and :mod:`.localvalues` (local values, evaluated in
dependency order)."""
