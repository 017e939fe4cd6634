"""Precompiled regular expressions, generated modules `sre<MAGIC>_<group>.py`: one set per distinct table
(`sre20171005_*` for CPython 3.10's `_sre`, `sre20220615_*` for 3.11-3.13's, whose compilers agree), and
per set the groups of `hippocampus.core.regex.GROUPS`.

Written by `scripts/regex_tables.py`, read by `hippocampus/core/regex.py`, which has the contract."""
