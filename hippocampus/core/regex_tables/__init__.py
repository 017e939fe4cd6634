"""Precompiled regular expressions, one generated module per `_sre` engine (`sre20220615.py` for CPython 3.11 …).

Written by `scripts/regex_tables.py`, read by `hippocampus/core/regex.py`, which has the contract."""
