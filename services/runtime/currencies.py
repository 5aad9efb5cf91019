"""ISO 4217 currencies and their minor units (the exponent: EUR 2, JPY 0, KWD 3, CLF 4).

A static table of the active codes of ISO 4217 (list one, as published by the SIX
maintenance agency), without the codes that have no minor unit defined — precious metals
(XAU, XAG, XPT, XPD), bond-market units (XBA to XBD), the SDR (XDR), testing (XTS) and "no
currency" (XXX): they are not money an invoice or a budget can be kept in. A table,
not a dependency: it changes a few times a decade, and a change is a reviewed commit.
"""

from __future__ import annotations

from typing import Final

_EXPONENT_0: Final = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
_EXPONENT_3: Final = "BHD IQD JOD KWD LYD OMR TND"
_EXPONENT_4: Final = "CLF UYW"
_EXPONENT_2: Final = (
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN "
    "BWP BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB "
    "EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS "
    "KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN "
    "MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD "
    "SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS "
    "UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG"
)

MINOR_UNITS: Final[dict[str, int]] = {
    code: exponent
    for exponent, codes in ((0, _EXPONENT_0), (2, _EXPONENT_2), (3, _EXPONENT_3), (4, _EXPONENT_4))
    for code in codes.split()
}


def minor_units(code: str) -> int | None:
    """The currency's exponent (digits after the decimal point), None when `code` is not
    an active ISO 4217 currency with minor units."""
    return MINOR_UNITS.get(code)
