"""Hippocampus: persistent, decaying, reinforceable memory for OpenClaw agents."""

__version__ = "0.1.0"
