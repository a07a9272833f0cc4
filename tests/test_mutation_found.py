"""Tests the mutation review (tests/mutation/mutants.py) called for: each guards a rule a surviving mutant broke
without any other test failing. Each docstring names the rule; the expectation comes from the rules text or the FAQ."""
