"""Everyday memories that a test's store is padded with (issue 25): the block holds a memory only with
evidence that it is about the message, judged against the rest of the store, and a store of two or
three memories offers nothing to judge against. None of these shares a word with the pets, the
plumber or the window seats the tests ask about."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

FILLER = [
    "I go to the gym on Mondays and Thursdays",
    "My favourite colour is green",
    "We had pasta for dinner yesterday",
    "The train to the office was late again",
    "I watched a documentary about whales",
    "My neighbour plays the piano in the evening",
    "I bought new running shoes last week",
    "The garden needs watering every other day",
    "My brother works as an electrician in Leeds",
    "I am reading a novel about a lighthouse",
    "We are painting the hallway yellow",
    "I prefer tea without sugar",
    "The car needs new tyres before winter",
    "My mother visits every second Sunday",
    "I learned to knit from a video course",
    "The library closes at six on Saturdays",
    "We booked a cabin in the mountains for August",
    "I started a vegetable patch with tomatoes",
    "My laptop battery barely lasts two hours",
    "I volunteer at the food bank on Wednesdays",
    "The bakery on the corner sells rye bread",
    "I ride my bike along the river most mornings",
    "Our landlord raised the rent this spring",
    "I collect old postcards from flea markets",
    "My sister is studying architecture in Milan",
    "We play board games with friends on Fridays",
    "I need to renew my passport this year",
    "The heating in the bedroom is broken",
    "I switched to a standing desk at work",
    "We are saving for a trip to Japan",
]


def fill(workspace: Path, when: datetime, importance: float = 0.3) -> None:
    """The filler memories, out of core (importance 0.3), stored as `remember` stores them."""
    from hippocampus import memories
    from hippocampus.core.config import Config
    from hippocampus.store.workspace import Workspace

    for text in FILLER:
        memories.remember(Workspace(workspace), when, Config(), text, importance=importance)
