"""Extensions to HCL, as HCL's Go ``ext`` packages: :mod:`.typeexpr` (type
constraint expressions), :mod:`.userfunc` (functions defined in
configuration) and :mod:`.tryfunc` (``try`` and ``can``)."""
