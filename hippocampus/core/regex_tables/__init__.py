"""Precompiled regular expressions, one generated module per distinct table (`sre20171005.py` for CPython
3.10's `_sre`, `sre20220615.py` for 3.11-3.13's, whose compilers agree).

Written by `scripts/regex_tables.py`, read by `hippocampus/core/regex.py`, which has the contract."""
