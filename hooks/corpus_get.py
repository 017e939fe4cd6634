"""OpenClaw memory corpus supplement (corpus_get): print its JSON answer. Never raises; exits 0.

Started by hooks/index.js when its worker cannot answer (see hippocampus_hook.py, beside this file)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # also where PYTHONSAFEPATH leaves it out
from hippocampus_hook import run

run("corpus_get")
