"""What a bank description says besides the merchant: the vocabulary merchant keys drop.

Kept apart from the pipeline (merchants.py) so a new bank's wording is a one-line change
here. Everything is matched case-insensitively on whole words of the text as the bank wrote
it; accented and unaccented spellings are both listed where banks use both. Lists are
comma-separated text so they read as vocabulary, not as code.
"""

from __future__ import annotations

import re


def _vocabulary(text: str) -> tuple[str, ...]:
    return tuple(w.strip() for w in text.replace("\n", ",").split(",") if w.strip())


# Transaction-type wording, removed wherever it appears.
PHRASES = _vocabulary("""
    card payment to, card payment, contactless payment, contactless, debit card payment,
    direct debit payment to, direct debit payment, direct debit, standing order,
    faster payment, faster payments, bank giro credit, bill payment to, bill payment,
    online payment, mobile payment, payment to, payment from, transfer to, transfer from,
    card purchase, point of sale, apple pay, google pay, samsung pay,
    debit card purchase, pos debit, pos purchase, purchase authorized on,
    purchase authorised on, purchase authorization, purchase authorisation,
    recurring payment, recurring debit, checkcard, check card, debit card, ach debit,
    ach credit, ach withdrawal, web id, ppd id, ccd id, visa debit, visa, mastercard, maestro,
    purchase,
    sepa-lastschrift, sepa-basislastschrift, sepa-ueberweisung, sepa-überweisung,
    basislastschrift, folgelastschrift, erstlastschrift, lastschrift, überweisung,
    ueberweisung, kartenzahlung, kartenumsatz, girocard, ec-karte, gutschrift, dauerauftrag,
    kreditkarte, debitkarte, einzug, abbuchung, sepa, svwz, abwa,
    paiement par carte, paiement carte, paiement cb, achat cb, facture carte, carte bancaire,
    prlv sepa, prélèvement sepa, prelevement sepa, prélèvement, prelevement, vir sepa,
    virement sepa, virement, prlv, carte, id emetteur, id émetteur, emetteur,
    émetteur, motif, lib,
    payment, paiement, zahlung, reference, référence
""")

# Field tags followed by a value (a reference, mandate, customer number): the tag and the
# token after it are dropped when that token holds a digit ("Kd-Nr. 4711") or is joined to
# the tag by "/" or "+", the structured SEPA and French fields ("MREF+ABC", "MDT/XYZ").
TAGS = _vocabulary("""
    ech, mdt, eref, mref, cred, kref, iban, bic, rum, ics, mandatsreferenz, mandatsref, mandat,
    gläubiger-id, glaeubiger-id, end-to-end-ref, end-to-end-id, endtoendid, kundennummer,
    kundennr, kd-nr, kdnr, rg-nr, re-nr, rechnungsnr, rechnung, ref, réf, refnr, id, trx, txn,
    auth, authcode, nr, no, folgenr, belegnr, beleg, invoice, facture, card
""")

# Short codes banks put first or last ("DD THAMES WATER", "CB CARREFOUR"): dropped only at
# the edges, because inside a name they may be part of it. Connectors left at an edge once
# a date is gone ("… ON 02 JAN", "… le 12/01", "… am 02.01.") go the same way.
EDGE_WORDS = frozenset(
    _vocabulary("""
        dd, so, fpo, fpi, bgc, tfr, cr, dr, cb, ec, pos, vis, atm, c, l, cpt, debit,
        to, from, at, on, for, le, du, am, um, bei, an, à, a, de, chez, via, x
    """)
)

# Country codes card networks append ("… LONDON GB"), and the US state a US card network
# ends with ("… HOUSTON TX"): dropped at the end only.
TRAILING_PLACES = frozenset(
    _vocabulary("""
        gb, gbr, uk, usa, de, deu, fr, fra, nl, nld, ie, irl, esp,
        al, ak, az, ar, ca, co, ct, dc, fl, ga, hi, id, il, in, ia, ks, ky, la, ma, md, mi,
        mn, ms, mo, mt, ne, nv, nh, nj, nm, ny, nc, nd, oh, ok, or, pa, ri, sc, sd, tn, tx,
        ut, vt, va, wa, wv, wi, wy
    """)
)

# Legal forms, dropped from the end of a merchant key so "Tesco Stores Ltd" and
# "TESCO STORES" share one key (a display name keeps them).
LEGAL_SUFFIXES = frozenset(
    _vocabulary("""
        ltd, limited, plc, llc, llp, inc, corp, co, gmbh, mbh, kg, ag, ohg, ug, gbr, ek, se,
        sa, sas, sarl, sasu, eurl, cie, et, bv, nv, pty, und
    """)
)

# Payment processors that put the real merchant after a star ("PAYPAL *SPOTIFY",
# "SQ *BLUE BOTTLE", "TST* JOE'S").
PROCESSORS = _vocabulary("paypal, pp, ppl, sq, tst, sumup, zettle, izettle, iz, sp, fs, google")

# Month names that say which month a payment is for ("MIETE JANUAR", "LOYER JANVIER"),
# dropped anywhere; those that are also words or names (May, March, Mars, April, June,
# August) and abbreviations are dropped only next to a day ("02 JAN", "12. Mai").
MONTHS_ALONE = _vocabulary("""
    january, february, july, september, october, november, december, januar, februar, märz,
    maerz, juni, juli, oktober, dezember, janvier, février, fevrier, avril, juin, juillet,
    août, aout, septembre, octobre, novembre, décembre, decembre
""")
MONTHS_NEAR_A_DAY = MONTHS_ALONE + _vocabulary("""
    may, march, august, april, june, mai, mars, jan, feb, mar, apr, jun, jul, aug, sep, sept,
    oct, nov, dec, mrz, okt, dez, janv, févr, fevr, avr, juil, déc
""")

# Domain endings: "AMZN.COM/BILL" → "AMZN", "WWW.AMAZON.CO.UK" → "AMAZON". Two-part
# endings first, so "co.uk" wins over "co".
TLDS = _vocabulary("""
    co.uk, org.uk, com.au, co.nz, com, co, net, org, io, app, info, biz, eu, uk, de, fr, nl, be,
    at, ch, es, it, ie, us, ca, tv, me
""")


def alternation(words: tuple[str, ...]) -> str:
    """A regex alternation of `words`, longest first; a space or hyphen inside a phrase
    matches any run of spaces and hyphens ("SEPA LASTSCHRIFT", "Sepa-Lastschrift")."""
    ordered = sorted(set(words), key=len, reverse=True)
    return "|".join(re.sub(r"\\[ -]", r"[\\s-]+", re.escape(w)) for w in ordered)
