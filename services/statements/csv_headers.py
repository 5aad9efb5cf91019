"""What a CSV column holds, judged by its header.

Headers are compared after normalizing (lower case, accents and punctuation dropped,
`ß` as `ss`, a trailing currency unit such as `(EUR)` or `en euros` removed, then a
trailing column number such as `Omschrijving-1` removed): only whole names match, so
`Lastschrift Ursprungsbetrag` is not taken for `Betrag`. The vocabulary covers English
and the common German, French, Dutch and Spanish bank exports.
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass


class Role(enum.Enum):
    DATE = "date"
    AMOUNT = "amount"
    DEBIT = "debit"  # money out, whatever sign it is written with
    CREDIT = "credit"  # money in
    DIRECTION = "direction"  # a debit/credit mark beside an unsigned amount
    DESCRIPTION = "description"
    MEMO = "memo"  # secondary text, appended to the description
    PAYEE = "payee"
    CURRENCY = "currency"
    REFERENCE = "reference"  # the bank's own id of the transaction
    IGNORED = "ignored"  # known, not used (balance, type, category...): not a header miss


@dataclass(frozen=True, slots=True)
class Meaning:
    role: Role
    # Among several date columns the lowest rank is the booking date: posting/booking
    # dates (0) before a plain "date" or the transaction date (1) before value dates (2).
    rank: int = 1
    english: bool = True


def _names(role: Role, names: str, rank: int = 1, english: bool = False) -> dict[str, Meaning]:
    return {name.strip(): Meaning(role, rank, english) for name in names.split("|")}


_ENGLISH = {
    **_names(
        Role.DATE,
        "posting date|posted date|booking date|booked date|post date|completed date|date posted",
        0,
        True,
    ),
    **_names(
        Role.DATE,
        "date|transaction date|trans date|txn date|trade date|started date|entry date",
        1,
        True,
    ),
    **_names(Role.DATE, "value date|effective date", 2, True),
    **_names(
        Role.AMOUNT,
        "amount|transaction amount|amt|net amount|signed amount|sum|value",
        english=True,
    ),
    **_names(
        Role.DEBIT,
        "debit|debits|debit amount|withdrawal|withdrawals|"
        "withdrawal amount|money out|paid out|out|outflow|outgoing|payments|"
        "amount out|spent",
        english=True,
    ),
    **_names(
        Role.CREDIT,
        "credit|credits|credit amount|deposit|deposits|deposit amount|"
        "money in|paid in|in|inflow|incoming|receipts|amount in|received",
        english=True,
    ),
    **_names(
        Role.DIRECTION,
        "debit credit|credit debit|dr cr|cr dr|d c|c d|"
        "debit credit indicator|credit debit indicator|dc",
        english=True,
    ),
    **_names(
        Role.DESCRIPTION,
        "description|transaction description|details|"
        "transaction details|narrative|narration|particulars|text|"
        "description 1|merchant description|original description",
        english=True,
    ),
    **_names(
        Role.MEMO,
        "memo|notes|note|notes and tags|reference|payment reference|"
        "additional information|extended description|description 2",
        english=True,
    ),
    **_names(
        Role.PAYEE,
        "payee|name|payee name|counterparty|counter party|"
        "counterparty name|beneficiary|merchant|merchant name|payer payee|"
        "recipient|payer",
        english=True,
    ),
    **_names(Role.CURRENCY, "currency|ccy|currency code|cur", english=True),
    **_names(
        Role.REFERENCE,
        "transaction id|transactionid|txn id|id|fitid|"
        "bank reference|bank ref|unique id|transaction reference number|"
        "reference number|ref number",
        english=True,
    ),
    **_names(
        Role.IGNORED,
        "balance|running balance|running bal|balance after|"
        "available balance|type|transaction type|category|subcategory|account|"
        "account number|account name|card|card no|card number|check number|"
        "check or slip|cheque number|status|state|fee|fees|time|product|"
        "local amount|local currency|emoji|address|receipt|tags|category split|"
        "number|details type|iban|bic|sort code",
        english=True,
    ),
}

_GERMAN = {
    **_names(Role.DATE, "buchungstag|buchungsdatum|buchung|gebucht am", 0),
    **_names(Role.DATE, "datum|belegdatum|umsatztag|transaktionsdatum", 1),
    **_names(Role.DATE, "valuta|valutadatum|wertstellung|wertstellungsdatum|wert", 2),
    **_names(Role.AMOUNT, "betrag|umsatz|buchungsbetrag|betrag eur"),
    **_names(Role.DEBIT, "soll|ausgang|ausgaben|lastschriften|belastung"),
    **_names(Role.CREDIT, "haben|eingang|einnahmen|gutschriften|gutschrift"),
    **_names(Role.DIRECTION, "soll haben|s h|haben soll"),
    **_names(
        Role.DESCRIPTION,
        "verwendungszweck|beschreibung|buchungsdetails|"
        "umsatzdetails|vorgang verwendungszweck|vorgang|text|beschreibung 1",
    ),
    **_names(
        Role.MEMO,
        "zusatzinfo|info|kundenreferenz|kundenreferenz end to end|notiz|bemerkung|beschreibung 2",
    ),
    **_names(
        Role.PAYEE,
        "beguenstigter zahlungspflichtiger|begunstigter zahlungspflichtiger|"
        "beguenstigter auftraggeber|begunstigter auftraggeber|"
        "auftraggeber empfaenger|auftraggeber empfanger|auftraggeber beguenstigter|"
        "auftraggeber begunstigter|empfaenger|empfanger|zahlungsempfaenger|"
        "zahlungsempfanger|auftraggeber|name zahlungsbeteiligter|zahlungsbeteiligter|"
        "gegenpartei|name gegenpartei",
    ),
    **_names(Role.CURRENCY, "waehrung|wahrung|whrg|wahrungscode"),
    **_names(
        Role.REFERENCE, "transaktions id|transaktionsid|buchungsreferenz|bankreferenz|umsatz id"
    ),
    **_names(
        Role.IGNORED,
        "saldo|kontostand|buchungstext|umsatzart|auftragskonto|"
        "kontonummer|kontonummer iban|iban|bic|bic swift code|glaeubiger id|"
        "glaubiger id|mandatsreferenz|sammlerreferenz|kategorie|"
        "lastschrift ursprungsbetrag|auslagenersatz ruecklastschrift|"
        "auslagenersatz rucklastschrift|abweichender empfanger|anzahl der auftrage|"
        "anzahl der schecks|fremde gebuhren|status|buchungsart|umsatztyp",
    ),
}

_FRENCH = {
    **_names(
        Role.DATE,
        "date operation|date de l operation|date comptable|"
        "date de comptabilisation|date d operation",
        0,
    ),
    **_names(Role.DATE, "date de transaction|jour", 1),
    **_names(Role.DATE, "date valeur|date de valeur", 2),
    **_names(Role.AMOUNT, "montant|montant de l operation|somme"),
    **_names(Role.DEBIT, "debit|debits|retrait|retraits|sortie|sorties|depenses"),
    **_names(Role.CREDIT, "credit|credits|versement|versements|entree|entrees|recettes"),
    **_names(Role.DIRECTION, "debit credit|sens"),
    **_names(
        Role.DESCRIPTION,
        "libelle|libelle operation|libelle de l operation|"
        "libelle simplifie|designation|intitule|detail|nature de l operation|"
        "description operation",
    ),
    **_names(
        Role.MEMO,
        "informations complementaires|complement|commentaire|reference operation|libelle 2",
    ),
    **_names(Role.PAYEE, "beneficiaire|tiers|nom du tiers|contrepartie|emetteur"),
    **_names(Role.CURRENCY, "devise|monnaie"),
    **_names(
        Role.IGNORED,
        "solde|categorie|type operation|type d operation|numero de compte|compte|pointage",
    ),
}

_DUTCH = {
    **_names(Role.DATE, "boekdatum|transactiedatum", 0),
    **_names(Role.DATE, "datum", 1),
    **_names(Role.DATE, "rentedatum|valutadatum", 2),
    **_names(Role.AMOUNT, "bedrag|transactiebedrag|bedrag eur"),
    **_names(Role.DEBIT, "af|uitgaven|debet"),
    **_names(Role.CREDIT, "bij|inkomsten"),
    **_names(Role.DIRECTION, "af bij|bij af|debet credit|credit debet"),
    **_names(Role.DESCRIPTION, "omschrijving|naam omschrijving|beschrijving"),
    **_names(Role.MEMO, "mededelingen|betalingskenmerk|notitie"),
    **_names(Role.PAYEE, "naam tegenpartij|tegenpartij|naam|begunstigde"),
    **_names(Role.CURRENCY, "munt|muntsoort"),
    **_names(
        Role.IGNORED,
        "rekening|tegenrekening|tegenrekening iban bban|iban bban|"
        "code|mutatiesoort|saldo na trn|saldo na mutatie|volgnr|"
        "rekeningnummer|beginsaldo|eindsaldo|tag",
    ),
}

_SPANISH = {
    **_names(Role.DATE, "fecha operacion|fecha contable|f operacion|fecha de operacion", 0),
    **_names(Role.DATE, "fecha|fecha movimiento", 1),
    **_names(Role.DATE, "fecha valor|f valor", 2),
    **_names(Role.AMOUNT, "importe|monto|cantidad|importe eur"),
    **_names(Role.DEBIT, "cargo|cargos|debe|retiro|retiros|gastos"),
    **_names(Role.CREDIT, "abono|abonos|haber|ingreso|ingresos|deposito"),
    **_names(
        Role.DESCRIPTION, "concepto|descripcion|movimiento|detalle|concepto comun|concepto propio"
    ),
    **_names(Role.MEMO, "observaciones|mas datos|referencia"),
    **_names(Role.PAYEE, "beneficiario|ordenante|comercio"),
    **_names(Role.CURRENCY, "divisa|moneda"),
    **_names(Role.IGNORED, "saldo|oficina|categoria|subcategoria"),
}

# English last so that a word shared by two languages keeps the English sense where
# the roles agree anyway (debit, credit, text).
VOCABULARY: dict[str, Meaning] = {**_GERMAN, **_FRENCH, **_DUTCH, **_SPANISH, **_ENGLISH}

# Units a header may carry: "Betrag (EUR)", "Montant en euros", "Amount (£)".
_UNITS = {
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "gbp": "GBP",
    "usd": "USD",
    "chf": "CHF",
    "cad": "CAD",
    "aud": "AUD",
    "sek": "SEK",
    "nok": "NOK",
    "dkk": "DKK",
    "pln": "PLN",
    "czk": "CZK",
    "huf": "HUF",
    "jpy": "JPY",
    "nzd": "NZD",
}
_SYMBOLS = {"€": "EUR", "£": "GBP"}


def _plain(text: str) -> str:
    text = text.replace("ß", "ss").replace("ẞ", "ss")
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(c if c.isalnum() else " " for c in text if not unicodedata.combining(c))


def read_header(header: str) -> tuple[Meaning | None, str | None]:
    """What the column headed `header` holds, and the currency its header names."""
    currency = next((code for symbol, code in _SYMBOLS.items() if symbol in header), None)
    words = _plain(header).split()
    unit = False
    while len(words) > 1 and words[-1] in _UNITS:
        currency, unit = _UNITS[words.pop()], True
    if unit and len(words) > 1 and words[-1] in ("in", "en"):
        words.pop()
    name = " ".join(words)
    meaning = VOCABULARY.get(name)
    if meaning is None and words and words[-1].isdigit():
        meaning = VOCABULARY.get(" ".join(words[:-1]))
    return meaning, currency
