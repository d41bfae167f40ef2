"""Extensions to HCL, as HCL's Go ``ext`` packages: :mod:`.typeexpr` (type
constraint expressions) and :mod:`.userfunc` (functions defined in
configuration)."""
