"""Realistic bank statements in every format we import (issue 11), for tests and benchmarks.

    generate(path, "csv", rows=1_000_000, seed=11)                 # a big CSV, streamed
    generate(path, "camt053", rows=500, seed=3, camt_version="08")
    python -m tools.bench.statement_gen out.csv --format csv --rows 1000 --seed 7 \\
        --language de --amounts debit_credit --preamble 3 --encoding latin-1

The transactions are one deterministic stream per (seed, start, per_day): a current
account with ~150 merchants written as banks write them ("CARD PAYMENT TO TESCO STORES
3412 ON 02 JAN", "AMAZON MKTPLACE PMTS AMZN.COM/BILL", "DIRECT DEBIT BRITISH GAS"),
monthly rent, salary and subscriptions on fixed days, transfers, cash, refunds, and
twins (the same purchase twice on one day: two real transactions). Every transaction
has a bank reference that depends only on the seed and its position in the stream, so
two files cut from one stream with different windows (`since`/`until`) overlap with
identical rows and references: that is how an overlapping second statement is made.

Files are written as they are generated (nothing is held but the current row), except
that CAMT.053 and OFX name their period or balances before their entries: for those
the stream is run once more first, without writing, to find them.

Options (all keywords, defaults in brackets; each format ignores what it has no use for):
  rows [1000]           rows written (fewer when `until` comes first)
  seed [0], start [2025-01-01], per_day [max(4, rows/1095): ~3 years at most]
  since, until          the window of booking days written
  date_order [dmy]      dmy, mdy or iso (CSV, QIF); two_digit_year [False]
  delimiter [`,`; `;` for de/fr/nl/es], decimal_comma [False; True for de/fr/nl/es],
  thousands [True]      CSV amount formatting
  language [en]         CSV header language: en, de, fr, nl, es
  amounts [signed]      CSV: signed or debit_credit (positive money out / money in columns)
  preamble [0]          CSV: lines before the header (account, period, blank line)
  summary [False]       CSV: a trailing closing-balance line
  payee_column, reference_column, currency_column [False]   CSV extra columns
  encoding [utf-8]      utf-8, utf-8-sig, latin-1 or cp1252 (CSV, QIF, MT940, OFX 1)
  currency [GBP]        ISO code of the account
  ofx_version [1]       1 (SGML) or 2 (XML) for OFX and QFX
  camt_version [02]     the camt.053.001.xx version (02 and 08 differ in structure)
  mt940_sepa [False]    MT940 :86: as /NAME/.../REMI/... codes instead of free text
"""

from __future__ import annotations

import argparse
import csv
import datetime
import random
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO
from xml.sax.saxutils import escape

FORMATS = ("csv", "ofx", "qfx", "qif", "camt053", "mt940")
_MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
_OPENING_CENTS = 250_000
_ACCOUNT = ("GB29NWBK60161331926819", "NWBKGB2L", "60161331926819")

# name | kind | min | max (in currency units). Kinds choose how the bank writes the line.
_MERCHANT_TABLE = """
TESCO STORES|card|3|95
SAINSBURYS S/MKTS|card|4|120
ASDA SUPERSTORE|card|5|140
MORRISONS|card|3|90
WAITROSE|card|6|110
ALDI STORES|card|4|80
LIDL GB|card|3|70
CO-OP GROUP FOOD|card|2|35
M&S SIMPLY FOOD|card|4|45
ICELAND FOODS|card|5|60
BOOTS THE CHEMIST|card|3|40
SUPERDRUG|card|2|30
PRET A MANGER|card|3|14
STARBUCKS|card|3|9
COSTA COFFEE|card|3|9
CAFFE NERO|card|3|8
GREGGS|card|2|8
MCDONALDS|card|3|15
BURGER KING|card|4|16
KFC|card|4|18
NANDOS|card|12|55
PIZZA EXPRESS|card|15|70
WAGAMAMA|card|12|60
DISHOOM|card|25|110
THE RED LION|card|8|60
WETHERSPOONS|card|5|40
SHELL|card|20|90
BP|card|20|95
ESSO|card|20|85
TEXACO|card|25|80
TFL TRAVEL CH|card|2|15
TRAINLINE|online|8|140
NATIONAL RAIL|card|5|90
UBER *TRIP|online|5|40
UBER *EATS|online|12|45
DELIVEROO|online|12|50
JUST EAT|online|12|45
BOLT.EU|online|5|30
AMAZON MKTPLACE PMTS|online|5|150
AMAZON.CO.UK|online|5|200
AMZN MKTP UK|online|5|120
EBAY|online|3|180
ETSY.COM|online|8|60
ASOS.COM|online|15|120
ZALANDO|online|20|150
ARGOS|card|8|250
CURRYS|card|15|600
JOHN LEWIS|card|10|400
IKEA|card|10|500
B&Q|card|5|200
WICKES|card|5|180
SCREWFIX|card|5|150
PRIMARK|card|5|80
H&M|card|8|90
ZARA|card|15|120
NEXT RETAIL|card|10|140
TK MAXX|card|5|90
UNIQLO|card|10|80
DECATHLON|card|8|150
SPORTS DIRECT|card|5|110
WHSMITH|card|2|30
WATERSTONES|card|6|45
APPLE.COM/BILL|online|1|20
GOOGLE *YOUTUBE|online|3|15
STEAM PURCHASE|online|3|60
PLAYSTATIONNETWORK|online|5|70
NINTENDO|online|5|60
AUDIBLE UK|online|8|9
KINDLE SVCS|online|1|10
PAYPAL *EBAY|online|5|80
PAYPAL *VINTED|online|5|50
PAYPAL *DEPOP|online|6|45
VUE CINEMAS|card|8|30
ODEON CINEMAS|card|8|30
TICKETMASTER|online|25|180
EVENTBRITE|online|5|60
AIRBNB|online|60|600
BOOKING.COM|online|50|500
EASYJET|online|30|250
RYANAIR|online|20|200
BRITISH AIRWAYS|online|80|900
PREMIER INN|card|50|150
TRAVELODGE|card|40|120
HOLIDAY INN|card|70|180
NCP PARKING|card|3|25
RINGGO|online|1|12
JUSTPARK|online|2|15
DVLA VEHICLE TAX|online|15|30
HALFORDS|card|5|150
KWIK FIT|card|30|300
PETS AT HOME|card|5|70
THE WORKS|card|2|25
CARD FACTORY|card|1|15
POUNDLAND|card|1|20
B&M RETAIL|card|2|40
HOME BARGAINS|card|2|35
SAVERS|card|2|20
HOLLAND & BARRETT|card|4|40
SPECSAVERS|card|20|250
TIMPSON|card|8|40
DOMINOS PIZZA|online|12|35
PAPA JOHNS|online|12|35
FIVE GUYS|card|10|30
ITSU|card|6|18
LEON|card|6|15
TORTILLA|card|7|14
WASABI|card|6|13
BEPI'S PIZZA|card|10|30
SAINSBURYS PETROL|card|20|80
TESCO PFS|card|20|85
OCADO|online|40|160
HELLOFRESH|online|30|60
GOUSTO|online|25|55
GYMSHARK|online|20|90
MYPROTEIN|online|15|70
NOTONTHEHIGHSTREET|online|10|60
MOONPIG|online|4|40
FUNKY PIGEON|online|3|20
THOMANN|online|15|400
SCAN COMPUTERS|online|20|600
CAFÉ DE FLORE PARIS|card|6|40
BÄCKEREI MÜLLER|card|2|15
CRÊPERIE SAINT-MALO|card|8|35
BRASSERIE LIPP|card|20|90
LA PÂTISSERIE DES RÊVES|card|5|30
EL CORTE INGLÉS|card|10|200
HÔTEL DU NORD|card|80|220
LIBRAIRIE GÉNÉRALE|card|5|40
KÄSEREI ZÜRICH|card|6|45
DROGERIE MÜLLER|card|3|40
SÜDBAHNHOF KIOSK|card|2|12
CAFÉ CENTRAL WIEN|card|5|35
PEÑA GASTRO BAR|card|10|60
ÓPTICA GÓMEZ|card|20|180
BRÜCKE BIERGARTEN|card|8|50
FNAC|card|10|300
CARREFOUR MARKET|card|5|120
MONOPRIX|card|3|60
"""

_RECURRING = (
    # day of month, description, payee, amount (signed), kind
    (1, "STANDING ORDER TO HARTLEY LETTINGS RENT", "HARTLEY LETTINGS", -125000, "rent"),
    (3, "SPOTIFY P1A2B3C4D5", "SPOTIFY", -1199, "subscription"),
    (5, "DIRECT DEBIT PUREGYM LTD", "PUREGYM LTD", -2499, "dd"),
    (10, "DIRECT DEBIT LONDON BOROUGH OF CAMDEN CTAX", "LB CAMDEN", -15600, "dd"),
    (12, "VODAFONE LTD DD", "VODAFONE LTD", -3500, "dd"),
    (15, "NETFLIX.COM", "NETFLIX.COM", -1099, "subscription"),
    (20, "DIRECT DEBIT BRITISH GAS", "BRITISH GAS", -8900, "dd"),
    (22, "DD THAMES WATER", "THAMES WATER", -3850, "dd"),
    (25, "BGC ACME LTD SALARY", "ACME LTD", 285000, "salary"),
    (28, "DIRECT DEBIT AVIVA INSURANCE", "AVIVA", -4275, "dd"),
)
_CITIES = [
    "LONDON",
    "MANCHESTER",
    "LEEDS",
    "BRISTOL",
    "CAMBRIDGE",
    "OXFORD",
    "BRIGHTON",
    "YORK",
    "BATH",
    "CARDIFF",
]
_PEOPLE = [
    "J SMITH",
    "M JONES",
    "A PATEL",
    "S WILLIAMS",
    "R BROWN",
    "K TAYLOR",
    "L DAVIES",
    "H EVANS",
]


@dataclass(frozen=True, slots=True)
class _Merchant:
    name: str
    kind: str
    low: int  # cents
    high: int


_MERCHANTS = tuple(
    _Merchant(name, kind, int(low) * 100, int(high) * 100)
    for name, kind, low, high in (line.split("|") for line in _MERCHANT_TABLE.strip().splitlines())
)


@dataclass(frozen=True, slots=True)
class Txn:
    """One generated transaction; `index` is its position in the seed's stream."""

    index: int
    booked_on: datetime.date
    cents: int  # signed
    description: str
    payee: str
    reference: str
    balance_cents: int  # after this transaction


@dataclass(frozen=True, slots=True)
class Summary:
    path: Path
    format: str
    rows: int
    first_day: datetime.date | None
    last_day: datetime.date | None
    per_day: float
    opening_cents: int
    closing_cents: int
    bytes: int


def _reference(seed: int, index: int) -> str:
    # A bijection of index (mod 2**48) per seed: unique, stable, random-looking.
    mixed = (index * 0x9E3779B97F4B + seed * 0x5851F42D4C95) % (1 << 48)
    return f"{mixed:012X}"


def _cents(rng: random.Random, merchant: _Merchant) -> int:
    # Log-uniform: many small purchases, few big ones.
    return int(merchant.low * (merchant.high / merchant.low) ** rng.random())


def _card_text(rng: random.Random, merchant: _Merchant, day: datetime.date) -> str:
    spent = day - datetime.timedelta(days=rng.choice((0, 1, 1, 2)))
    on = f"{spent.day:02d} {_MONTHS[spent.month - 1]}"
    style = rng.randrange(4)
    if style == 0:
        return f"CARD PAYMENT TO {merchant.name} {rng.randrange(1000, 9999)} ON {on}"
    if style == 1:
        return f"{merchant.name} {rng.choice(_CITIES)}"
    if style == 2:
        return f"CONTACTLESS {merchant.name} {rng.choice(_CITIES)} GB"
    return f"POS {merchant.name} {rng.randrange(100, 999)} {on}"


def _online_text(rng: random.Random, merchant: _Merchant) -> str:
    if merchant.name.startswith("AMAZON MKTPLACE"):
        return "AMAZON MKTPLACE PMTS AMZN.COM/BILL"
    if merchant.name.startswith("AMZN"):
        return f"AMZN MKTP UK*{rng.randrange(36**6):06X} AMAZON.CO.UK"
    return rng.choice(
        (
            f"{merchant.name} INTERNET",
            f"CARD PAYMENT TO {merchant.name}",
            f"{merchant.name} {rng.randrange(10**7, 10**8)}",
        )
    )


def _stream(seed: int, start: datetime.date, per_day: float) -> Iterator[Txn]:
    """Every transaction of the account from `start` on, in booking order, forever."""
    rng = random.Random(seed)
    index = 0
    balance = _OPENING_CENTS
    day = start
    recent: list[tuple[_Merchant, int]] = []
    while True:
        today: list[tuple[int, str, str]] = []
        for on_day, text, payee, cents, _kind in _RECURRING:
            if day.day == on_day:
                today.append((cents, text, payee))
        for _ in range(max(0, round(rng.gauss(per_day, per_day / 3)))):
            roll = rng.random()
            if roll < 0.86:
                merchant = rng.choice(_MERCHANTS)
                cents = _cents(rng, merchant)
                text = (
                    _card_text(rng, merchant, day)
                    if merchant.kind == "card"
                    else _online_text(rng, merchant)
                )
                today.append((-cents, text, merchant.name))
                recent.append((merchant, cents))
                del recent[:-50]
                if rng.random() < 0.03:  # a twin: the very same purchase again that day
                    today.append((-cents, text, merchant.name))
            elif roll < 0.90 and recent:
                merchant, cents = rng.choice(recent)
                text = rng.choice((f"REFUND FROM {merchant.name}", f"{merchant.name} REFUND"))
                today.append((cents, text, merchant.name))
            elif roll < 0.94:
                person = rng.choice(_PEOPLE)
                cents = rng.randrange(500, 30000)
                if rng.random() < 0.5:
                    today.append((-cents, f"TRANSFER TO {person} SAVINGS", person))
                else:
                    today.append((cents, f"FASTER PAYMENT FROM {person} REF DINNER", person))
            elif roll < 0.98:
                city = rng.choice(_CITIES)
                cents = rng.choice((1000, 2000, 3000, 5000, 10000))
                today.append((-cents, f"CASH WITHDRAWAL LLOYDS BANK {city}", "LLOYDS BANK"))
            else:
                today.append((-rng.choice((300, 500, 1500)), "MONTHLY ACCOUNT FEE", "NATWEST"))
        for cents, text, payee in today:
            balance += cents
            yield Txn(index, day, cents, text, payee, _reference(seed, index), balance)
            index += 1
        day += datetime.timedelta(days=1)


@dataclass(frozen=True, slots=True)
class _Options:
    fmt: str
    rows: int
    seed: int
    start: datetime.date
    per_day: float
    since: datetime.date | None
    until: datetime.date | None
    date_order: str
    two_digit_year: bool
    delimiter: str
    decimal_comma: bool
    thousands: bool
    language: str
    amounts: str
    preamble: int
    summary: bool
    payee_column: bool
    reference_column: bool
    currency_column: bool
    encoding: str
    currency: str
    ofx_version: int
    camt_version: str
    mt940_sepa: bool


def _selected(options: _Options) -> Iterator[Txn]:
    """The stream cut to the window and the row count."""
    written = 0
    for txn in _stream(options.seed, options.start, options.per_day):
        if written >= options.rows or (options.until and txn.booked_on > options.until):
            return
        if options.since and txn.booked_on < options.since:
            continue
        written += 1
        yield txn


# ---------------------------------------------------------------- formatting helpers


def _date_text(day: datetime.date, order: str, two_digit_year: bool, separator: str) -> str:
    year = f"{day.year % 100:02d}" if two_digit_year else f"{day.year:04d}"
    if order == "iso":
        return day.isoformat()
    if order == "mdy":
        return f"{day.month:02d}{separator}{day.day:02d}{separator}{year}"
    return f"{day.day:02d}{separator}{day.month:02d}{separator}{year}"


def _money(cents: int, decimal_comma: bool = False, thousands: bool = False) -> str:
    """-123456 -> "-1234.56" (or "-1,234.56", "-1.234,56" ...)."""
    sign = "-" if cents < 0 else ""
    whole, fraction = divmod(abs(cents), 100)
    whole_text = f"{whole:,}" if thousands else str(whole)
    if decimal_comma:
        return f"{sign}{whole_text.replace(',', '.')},{fraction:02d}"
    return f"{sign}{whole_text}.{fraction:02d}"


_HEADERS = {
    # date, description, amount, debit, credit, balance, currency, payee, reference
    "en": ("Date", "Description", "Amount", "Paid out", "Paid in", "Balance", "Currency",
           "Counterparty", "Transaction ID"),
    "de": ("Buchungstag", "Verwendungszweck", "Betrag", "Soll", "Haben", "Saldo", "Währung",
           "Auftraggeber/Empfänger", "Transaktions-ID"),
    "fr": ("Date opération", "Libellé", "Montant", "Débit", "Crédit", "Solde", "Devise",
           "Tiers", "Transaction ID"),
    "nl": ("Datum", "Omschrijving", "Bedrag", "Af", "Bij", "Saldo", "Munt",
           "Naam tegenpartij", "Transaction ID"),
    "es": ("Fecha", "Concepto", "Importe", "Cargo", "Abono", "Saldo", "Divisa",
           "Beneficiario", "Transaction ID"),
}  # fmt: skip
_PREAMBLE = {
    "en": (("Account Name:", "MR J SMITH"), ("Account Number:", "60-16-13 31926819"),
           ("Statement period:", "see below")),
    "de": (("Kontoinhaber", "Jan Schmidt"), ("IBAN", "DE89 3704 0044 0532 0130 00"),
           ("Zeitraum", "siehe unten")),
}  # fmt: skip


def _write_csv(handle: TextIO, options: _Options, txns: Iterator[Txn]) -> None:
    language = options.language
    names = _HEADERS[language]
    writer = csv.writer(handle, delimiter=options.delimiter, lineterminator="\n")
    for key, value in _PREAMBLE.get(language, _PREAMBLE["en"])[: options.preamble]:
        writer.writerow([key, value])
    if options.preamble:
        handle.write("\n")
    header = [names[0], names[1]]
    if options.payee_column:
        header.append(names[7])
    header += [names[2]] if options.amounts == "signed" else [names[3], names[4]]
    header.append(names[5])
    if options.currency_column:
        header.append(names[6])
    if options.reference_column:
        header.append(names[8])
    writer.writerow(header)
    separator = "." if language == "de" else "-" if language == "nl" else "/"
    comma, thousands = options.decimal_comma, options.thousands
    closing = None
    for txn in txns:
        cells = [
            _date_text(txn.booked_on, options.date_order, options.two_digit_year, separator),
            txn.description,
        ]
        if options.payee_column:
            cells.append(txn.payee)
        if options.amounts == "signed":
            cells.append(_money(txn.cents, comma, thousands))
        elif txn.cents < 0:
            cells += [_money(-txn.cents, comma, thousands), ""]
        else:
            cells += ["", _money(txn.cents, comma, thousands)]
        cells.append(_money(txn.balance_cents, comma, thousands))
        if options.currency_column:
            cells.append(options.currency)
        if options.reference_column:
            cells.append(txn.reference)
        writer.writerow(cells)
        closing = txn.balance_cents
    if options.summary and closing is not None:
        label = {"de": "Kontostand", "fr": "Solde", "nl": "Eindsaldo", "es": "Saldo"}
        writer.writerow([label.get(language, "Closing balance"), "", _money(closing, comma)])


def _write_qif(handle: TextIO, options: _Options, txns: Iterator[Txn]) -> None:
    handle.write("!Type:Bank\n")
    for txn in txns:
        day = txn.booked_on
        if options.date_order == "mdy" and not options.two_digit_year and day.year >= 2000:
            date = f"{day.month}/{day.day:2d}'{day.year % 100:02d}"  # Quicken: 1/ 2'26
        else:
            date = _date_text(day, options.date_order, options.two_digit_year, "/")
        money = _money(txn.cents, thousands=True)
        handle.write(f"D{date}\nT{money}\nU{money}\nP{txn.payee}\nM{txn.description}\n")
        if txn.description.startswith("STANDING ORDER"):
            handle.write(f"N{txn.index % 900 + 100}\n")
        handle.write("C*\n^\n")


def _ofx_date(day: datetime.date) -> str:
    return f"{day:%Y%m%d}120000.000[0:GMT]"


def _write_ofx(handle: TextIO, options: _Options, txns: Iterator[Txn], span: _Span) -> None:
    xml = options.ofx_version == 2
    if xml:
        handle.write(
            '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
            '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" '
            'NEWFILEUID="NONE"?>\n'
        )
    else:
        charset = "1252" if options.encoding in ("latin-1", "cp1252") else "NONE"
        encoding = "USASCII" if charset == "1252" else "UTF-8"
        handle.write(
            f"OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:{encoding}\n"
            f"CHARSET:{charset}\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n"
        )

    def element(tag: str, value: str) -> str:
        return f"<{tag}>{escape(value)}</{tag}>" if xml else f"<{tag}>{escape(value)}"

    first = span.first_day or options.start
    last = span.last_day or options.start
    quicken = element("INTU.BID", "3000") if options.fmt == "qfx" else ""
    handle.write(
        "<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS>"
        + element("CODE", "0")
        + element("SEVERITY", "INFO")
        + "</STATUS>"
        + element("DTSERVER", _ofx_date(last))
        + element("LANGUAGE", "ENG")
        + "<FI>"
        + element("ORG", "NatWest")
        + element("FID", "10898")
        + "</FI>"
        + quicken
        + "</SONRS></SIGNONMSGSRSV1>\n<BANKMSGSRSV1><STMTTRNRS>"
        + element("TRNUID", "1")
        + "<STATUS>"
        + element("CODE", "0")
        + element("SEVERITY", "INFO")
        + "</STATUS><STMTRS>"
        + element("CURDEF", options.currency)
        + "<BANKACCTFROM>"
        + element("BANKID", _ACCOUNT[1])
        + element("ACCTID", _ACCOUNT[2])
        + element("ACCTTYPE", "CHECKING")
        + "</BANKACCTFROM>\n<BANKTRANLIST>"
        + element("DTSTART", _ofx_date(first))
        + element("DTEND", _ofx_date(last))
        + "\n"
    )
    for txn in txns:
        kind = "CREDIT" if txn.cents > 0 else "POS" if "CARD" in txn.description else "DEBIT"
        handle.write(
            "<STMTTRN>"
            + element("TRNTYPE", kind)
            + element("DTPOSTED", _ofx_date(txn.booked_on))
            + element("TRNAMT", _money(txn.cents))
            + element("FITID", txn.reference)
            + element("NAME", txn.payee[:32])
            + element("MEMO", txn.description)
            + "</STMTTRN>\n"
        )
    handle.write(
        "</BANKTRANLIST><LEDGERBAL>"
        + element("BALAMT", _money(span.closing_cents))
        + element("DTASOF", _ofx_date(last))
        + "</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n"
    )


def _camt_balance(code: str, cents: int, currency: str, day: datetime.date) -> str:
    direction = "CRDT" if cents >= 0 else "DBIT"
    return (
        f"<Bal><Tp><CdOrPrtry><Cd>{code}</Cd></CdOrPrtry></Tp>"
        f'<Amt Ccy="{currency}">{_money(abs(cents))}</Amt><CdtDbtInd>{direction}</CdtDbtInd>'
        f"<Dt><Dt>{day.isoformat()}</Dt></Dt></Bal>\n"
    )


def _write_camt(handle: TextIO, options: _Options, txns: Iterator[Txn], span: _Span) -> None:
    version = options.camt_version
    modern = int(version) >= 8  # .08 wraps party names in Pty and the status in Cd

    def party(role: str, name: str) -> str:
        inner = f"<Pty><Nm>{escape(name)}</Nm></Pty>" if modern else f"<Nm>{escape(name)}</Nm>"
        return f"<{role}>{inner}</{role}>"

    first = span.first_day or options.start
    last = span.last_day or options.start
    currency = options.currency
    handle.write(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.{version}" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n<BkToCstmrStmt>\n'
        f"<GrpHdr><MsgId>STMT{options.seed:06d}{first:%Y%m%d}</MsgId>"
        f"<CreDtTm>{last.isoformat()}T18:00:00</CreDtTm></GrpHdr>\n<Stmt>\n"
        f"<Id>{options.seed:06d}-{first:%Y%m%d}</Id><ElctrncSeqNb>1</ElctrncSeqNb>"
        f"<CreDtTm>{last.isoformat()}T18:00:00</CreDtTm>"
        f"<FrToDt><FrDtTm>{first.isoformat()}T00:00:00</FrDtTm>"
        f"<ToDtTm>{last.isoformat()}T23:59:59</ToDtTm></FrToDt>\n"
        f"<Acct><Id><IBAN>{_ACCOUNT[0]}</IBAN></Id><Ccy>{currency}</Ccy></Acct>\n"
        + _camt_balance("OPBD", span.opening_cents, currency, first)
        + _camt_balance("CLBD", span.closing_cents, currency, last)
    )
    status = "<Sts><Cd>BOOK</Cd></Sts>" if modern else "<Sts>BOOK</Sts>"
    for txn in txns:
        debit = txn.cents < 0
        counterparty = party("Cdtr" if debit else "Dbtr", txn.payee)
        code = "ICDT" if debit else "RCDT"
        handle.write(
            f"<Ntry><NtryRef>{txn.index}</NtryRef>"
            f'<Amt Ccy="{currency}">{_money(abs(txn.cents))}</Amt>'
            f"<CdtDbtInd>{'DBIT' if debit else 'CRDT'}</CdtDbtInd>{status}"
            f"<BookgDt><Dt>{txn.booked_on.isoformat()}</Dt></BookgDt>"
            f"<ValDt><Dt>{txn.booked_on.isoformat()}</Dt></ValDt>"
            f"<AcctSvcrRef>{txn.reference}</AcctSvcrRef>"
            f"<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>{code}</Cd><SubFmlyCd>OTHR</SubFmlyCd>"
            f"</Fmly></Domn></BkTxCd>"
            f"<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>"
            f"<RltdPties>{counterparty}</RltdPties>"
            f"<RmtInf><Ustrd>{escape(txn.description)}</Ustrd></RmtInf></TxDtls></NtryDtls>"
            f"</Ntry>\n"
        )
    handle.write("</Stmt>\n</BkToCstmrStmt>\n</Document>\n")


def _mt940_money(cents: int) -> str:
    whole, fraction = divmod(abs(cents), 100)
    return f"{whole},{fraction:02d}"


def _mt940_balance(tag: str, cents: int, day: datetime.date, currency: str) -> str:
    mark = "C" if cents >= 0 else "D"
    return f":{tag}:{mark}{day:%y%m%d}{currency}{_mt940_money(cents)}\n"


def _wrap(text: str, codes: bool, width: int = 65) -> list[str]:
    """:86: lines of at most 65 characters. Free text breaks between words; SEPA codes
    are cut hard, as banks do, but never just after a space (the library strips
    trailing spaces, which would glue two words together)."""
    if not codes:
        return textwrap.wrap(text, width) or [""]
    lines = []
    while len(text) > width:
        cut = width
        while cut > 1 and text[cut - 1] == " ":
            cut -= 1
        lines.append(text[:cut])
        text = text[cut:]
    return [*lines, text]


def _write_mt940(handle: TextIO, options: _Options, txns: Iterator[Txn]) -> None:
    """One statement (:20: ... :62F:) per calendar month."""
    currency = options.currency
    month: tuple[int, int] | None = None
    balance = last_day = None
    number = 0

    def close() -> None:
        if month is not None and balance is not None and last_day is not None:
            handle.write(_mt940_balance("62F", balance, last_day, currency) + "-\n")

    for txn in txns:
        if (txn.booked_on.year, txn.booked_on.month) != month:
            close()
            month = (txn.booked_on.year, txn.booked_on.month)
            number += 1
            opening = txn.balance_cents - txn.cents
            handle.write(
                f":20:STMT{options.seed:04d}{number:05d}\n:25:{_ACCOUNT[1]}/{_ACCOUNT[2]}\n"
                f":28C:{number}/1\n" + _mt940_balance("60F", opening, txn.booked_on, currency)
            )
        mark = "D" if txn.cents < 0 else "C"
        kind = "NDDT" if "DIRECT DEBIT" in txn.description else "NTRF"
        day = txn.booked_on
        handle.write(
            f":61:{day:%y%m%d}{day:%m%d}{mark}{_mt940_money(txn.cents)}{kind}NONREF"
            f"//{txn.reference}\n"
        )
        if options.mt940_sepa:
            details = (
                f"/TRTP/SEPA OVERBOEKING/NAME/{txn.payee}/REMI/{txn.description}/EREF/NOTPROVIDED"
            )
        else:
            details = f"{txn.description} REF {txn.reference} {txn.payee}"
        lines = _wrap(details, options.mt940_sepa)
        handle.write(f":86:{lines[0]}\n" + "".join(f"{line}\n" for line in lines[1:]))
        balance, last_day = txn.balance_cents, txn.booked_on
    close()


@dataclass(frozen=True, slots=True)
class _Span:
    rows: int
    first_day: datetime.date | None
    last_day: datetime.date | None
    opening_cents: int
    closing_cents: int


def _span(options: _Options) -> _Span:
    rows, first, last, opening, closing = 0, None, None, _OPENING_CENTS, _OPENING_CENTS
    for txn in _selected(options):
        if first is None:
            first, opening = txn.booked_on, txn.balance_cents - txn.cents
        rows, last, closing = rows + 1, txn.booked_on, txn.balance_cents
    return _Span(rows, first, last, opening, closing)


def generate(
    path: Path | str,
    fmt: str = "csv",
    *,
    rows: int = 1000,
    seed: int = 0,
    start: datetime.date = datetime.date(2025, 1, 1),
    per_day: float | None = None,
    since: datetime.date | None = None,
    until: datetime.date | None = None,
    date_order: str = "dmy",
    two_digit_year: bool = False,
    delimiter: str | None = None,
    decimal_comma: bool | None = None,
    thousands: bool = True,
    language: str = "en",
    amounts: str = "signed",
    preamble: int = 0,
    summary: bool = False,
    payee_column: bool = False,
    reference_column: bool = False,
    currency_column: bool = False,
    encoding: str = "utf-8",
    currency: str = "GBP",
    ofx_version: int = 1,
    camt_version: str = "02",
    mt940_sepa: bool = False,
) -> Summary:
    """Writes a statement of `rows` transactions in `fmt` to `path` (see the module)."""
    fmt = getattr(fmt, "value", fmt)  # a StatementFormat is welcome too
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r} is not one of {', '.join(FORMATS)}")
    if language not in _HEADERS:
        raise ValueError(f"language {language!r} is not one of {', '.join(_HEADERS)}")
    if date_order not in ("dmy", "mdy", "iso") or amounts not in ("signed", "debit_credit"):
        raise ValueError("date_order is dmy, mdy or iso; amounts is signed or debit_credit")
    continental = language != "en"
    options = _Options(
        fmt=fmt,
        rows=rows,
        seed=seed,
        start=start,
        per_day=per_day if per_day is not None else max(4.0, rows / 1095),
        since=since,
        until=until,
        date_order=date_order,
        two_digit_year=two_digit_year,
        delimiter=delimiter or (";" if continental else ","),
        decimal_comma=continental if decimal_comma is None else decimal_comma,
        thousands=thousands,
        language=language,
        amounts=amounts,
        preamble=preamble,
        summary=summary,
        payee_column=payee_column,
        reference_column=reference_column,
        currency_column=currency_column,
        encoding=encoding,
        currency=currency,
        ofx_version=ofx_version,
        camt_version=camt_version,
        mt940_sepa=mt940_sepa,
    )
    if options.decimal_comma and options.delimiter == ",":
        raise ValueError("a decimal comma needs another delimiter than ','")
    path = Path(path)
    text_encoding = (
        "utf-8" if fmt == "camt053" or (fmt in ("ofx", "qfx") and ofx_version == 2) else encoding
    )
    span = _span(options) if fmt in ("ofx", "qfx", "camt053") else None
    counted = _Counted(_selected(options))
    with path.open("w", encoding=text_encoding, newline="") as handle:
        if fmt == "csv":
            _write_csv(handle, options, counted)
        elif fmt == "qif":
            _write_qif(handle, options, counted)
        elif fmt == "mt940":
            _write_mt940(handle, options, counted)
        elif fmt == "camt053":
            assert span is not None
            _write_camt(handle, options, counted, span)
        else:
            assert span is not None
            _write_ofx(handle, options, counted, span)
    return Summary(
        path=path,
        format=fmt,
        rows=counted.rows,
        first_day=counted.first_day,
        last_day=counted.last_day,
        per_day=options.per_day,
        opening_cents=counted.opening_cents,
        closing_cents=counted.closing_cents,
        bytes=path.stat().st_size,
    )


class _Counted(Iterator[Txn]):
    """Passes transactions through, noting what a summary needs."""

    def __init__(self, txns: Iterator[Txn]) -> None:
        self._txns = txns
        self.rows = 0
        self.first_day: datetime.date | None = None
        self.last_day: datetime.date | None = None
        self.opening_cents = self.closing_cents = _OPENING_CENTS

    def __next__(self) -> Txn:
        txn = next(self._txns)
        if self.rows == 0:
            self.first_day, self.opening_cents = txn.booked_on, txn.balance_cents - txn.cents
        self.rows += 1
        self.last_day, self.closing_cents = txn.booked_on, txn.balance_cents
        return txn


def stream(
    seed: int = 0, start: datetime.date = datetime.date(2025, 1, 1), per_day: float = 4.0
) -> Iterator[Txn]:
    """The raw transaction stream (for tests that compare a parse with what was written)."""
    return _stream(seed, start, per_day)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--format", default="csv", choices=FORMATS)
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--start", type=datetime.date.fromisoformat, default=datetime.date(2025, 1, 1)
    )
    parser.add_argument("--per-day", type=float)
    parser.add_argument("--since", type=datetime.date.fromisoformat)
    parser.add_argument("--until", type=datetime.date.fromisoformat)
    parser.add_argument("--date-order", default="dmy", choices=("dmy", "mdy", "iso"))
    parser.add_argument("--two-digit-year", action="store_true")
    parser.add_argument("--delimiter")
    parser.add_argument("--decimal-comma", action=argparse.BooleanOptionalAction, default=None)
    parser.add_argument("--no-thousands", dest="thousands", action="store_false")
    parser.add_argument("--language", default="en", choices=tuple(_HEADERS))
    parser.add_argument("--amounts", default="signed", choices=("signed", "debit_credit"))
    parser.add_argument("--preamble", type=int, default=0)
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("--payee-column", action="store_true")
    parser.add_argument("--reference-column", action="store_true")
    parser.add_argument("--currency-column", action="store_true")
    parser.add_argument(
        "--encoding", default="utf-8", choices=("utf-8", "utf-8-sig", "latin-1", "cp1252")
    )
    parser.add_argument("--currency", default="GBP")
    parser.add_argument("--ofx-version", type=int, default=1, choices=(1, 2))
    parser.add_argument("--camt-version", default="02")
    parser.add_argument("--mt940-sepa", action="store_true")
    args = vars(parser.parse_args(argv))
    path, fmt = args.pop("path"), args.pop("format")
    if args["delimiter"] == "\\t":
        args["delimiter"] = "\t"
    summary = generate(path, fmt, **args)
    print(
        f"{summary.rows:,} rows of {summary.format} in {summary.path} ({summary.bytes:,} bytes), "
        f"{summary.first_day} to {summary.last_day}, {summary.per_day:g} a day"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
