"""Bank descriptions as UK, US, German and French banks write them, for the learning tests.

Each merchant belongs to a category; `descriptions` renders it in every bank's style with
fresh store numbers, dates and references, so a test can train on some renderings and
check others the model has never seen.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator

CATEGORIES: dict[str, uuid.UUID] = {
    name: uuid.uuid5(uuid.NAMESPACE_URL, f"category/{name}")
    for name in (
        "groceries", "eating out", "transport", "utilities", "subscriptions",
        "shopping", "fuel", "health", "housing", "cash",
    )
}  # fmt: skip

MERCHANTS: dict[str, tuple[str, ...]] = {
    "groceries": ("TESCO STORES", "SAINSBURYS S/MKTS", "REWE MARKT", "CARREFOUR MARKET", "ALDI"),
    "eating out": ("PRET A MANGER", "STARBUCKS", "MCDONALD'S", "DELIVEROO", "JOE'S PIZZA"),
    "transport": ("TFL TRAVEL CH", "DEUTSCHE BAHN", "SNCF", "TRAINLINE", "LIME RIDE"),
    "utilities": ("THAMES WATER", "VODAFONE", "EDF ENERGIE", "COMCAST CABLE", "OCTOPUS ENERGY"),
    "subscriptions": ("NETFLIX.COM", "SPOTIFY", "DISNEY PLUS", "AUDIBLE", "DROPBOX"),
    "shopping": ("AMAZON MARKETPLACE", "ZALANDO", "IKEA", "PRIMARK", "DECATHLON"),
    "fuel": ("SHELL OIL", "ARAL STATION", "TOTALENERGIES", "ESSO", "CHEVRON"),
    "health": ("BOOTS PHARMACY", "CVS PHARMACY", "APOTHEKE AM MARKT", "PHARMACIE LAFAYETTE"),
    "housing": ("MIETE HAUSVERWALTUNG", "LOYER AGENCE IMMOBILIERE", "LANDLORD RENT"),
    "cash": ("ATM WITHDRAWAL", "GELDAUTOMAT", "RETRAIT DAB"),
}

# Merchants none of the categories above has ever seen.
UNSEEN = (
    "WILDLIFE TRUST DONATION", "GYMSHARK", "KLARNA", "FLORIST BLOOM", "VET CLINIC",
    "HAIRDRESSER SALON", "PARKING METER", "TOY KINGDOM",
)  # fmt: skip

CITIES = ("LONDON", "MANCHESTER", "BERLIN", "MUENCHEN", "PARIS", "LYON", "SEATTLE", "AUSTIN")
MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")

STYLES = (
    "CARD PAYMENT TO {m} {store} ON {dd} {mon}",
    "{m} {store} {city} GB",
    "DD {m} REF {ref}",
    "CONTACTLESS PAYMENT {m} {dd}/{mm}",
    "POS DEBIT VISA CHECK CARD {card} {m} #{store} {city} WA",
    "CHECKCARD {mm}{dd} {m} {ref} {city} TX",
    "ACH DEBIT {m} PPD ID: {ref}",
    "KARTENZAHLUNG {dd}.{mm}.2024 {hh}:{mi} {m} {store} {city}",
    "SEPA-LASTSCHRIFT {m} EREF+ {ref} MREF+ M-{store} CRED+ DE98ZZZ{ref}",
    "CB {m} {dd}/{mm}",
    "PAIEMENT PAR CARTE X{card} {m} {city} {dd}/{mm}",
    "PRLV SEPA {m} ECH/{dd}{mm}24 ID EMETTEUR/FR12ZZZ{ref} MDT/{ref}",
)


def render(merchant: str, style: str, rng: random.Random) -> str:
    return style.format(
        m=merchant,
        store=rng.randint(10, 9999),
        dd=f"{rng.randint(1, 28):02d}",
        mm=f"{rng.randint(1, 12):02d}",
        mon=rng.choice(MONTHS),
        hh=f"{rng.randint(0, 23):02d}",
        mi=f"{rng.randint(0, 59):02d}",
        city=rng.choice(CITIES),
        ref=rng.randint(10**8, 10**10),
        card=rng.randint(1000, 9999),
    )


def descriptions(merchant: str, count: int, rng: random.Random) -> Iterator[str]:
    for _ in range(count):
        yield render(merchant, rng.choice(STYLES), rng)


def labelled(per_merchant: int, seed: int) -> list[tuple[str, uuid.UUID]]:
    """`per_merchant` descriptions of every merchant, with its category's id."""
    rng = random.Random(seed)
    return [
        (text, CATEGORIES[category])
        for category, merchants in MERCHANTS.items()
        for merchant in merchants
        for text in descriptions(merchant, per_merchant, rng)
    ]
