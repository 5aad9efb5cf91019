"""An invoice's totals to the cent, computed by hand: nets rounded half-up per line, tax
per rate (EN 16931's breakdown), not per line."""

from __future__ import annotations

from decimal import Decimal

from services.main.invoices.domain.totals import Line, totals


def line(quantity: str, price: str, rate: str) -> Line:
    return Line("x", Decimal(quantity), Decimal(price), Decimal(rate))


def test_a_line_net_is_rounded_half_up_to_the_cent() -> None:
    # 3 x 333.335 = 1000.005: half-up gives .01 where banker's rounding would give .00.
    assert line("3", "333.335", "20").net_amount == Decimal("1000.01")
    assert line("1.5", "19.99", "0").net_amount == Decimal("29.99")  # 29.985
    assert line("7", "0.333", "0").net_amount == Decimal("2.33")  # 2.331


def test_mixed_rates_to_the_cent() -> None:
    result = totals(
        [
            line("3", "333.335", "20"),  # 1000.01
            line("1.5", "19.99", "20"),  # 29.99
            line("2", "12.345", "5.5"),  # 24.69
            line("1", "100", "0"),  # 100.00
            line("7", "0.333", "5.5"),  # 2.33
            line("1", "0.13", "10"),
            line("1", "0.13", "10"),
            line("1", "0.13", "10"),
        ]
    )
    breakdown = [(g.tax_rate, g.taxable_amount, g.tax_amount) for g in result.taxes]
    assert breakdown == [
        (Decimal("0"), Decimal("100.00"), Decimal("0.00")),
        # 27.02 x 5.5 % = 1.4861
        (Decimal("5.5"), Decimal("27.02"), Decimal("1.49")),
        # 0.39 x 10 % = 0.039 → 0.04 (per line: 3 x 0.013 → 3 x 0.01 = 0.03)
        (Decimal("10"), Decimal("0.39"), Decimal("0.04")),
        # 1030.00 x 20 % = 206.00
        (Decimal("20"), Decimal("1030.00"), Decimal("206.00")),
    ]
    assert result.subtotal == Decimal("1157.41")
    assert result.tax_total == Decimal("207.53")
    assert result.total == Decimal("1364.94")


def test_one_rate_written_two_ways_is_one_group() -> None:
    result = totals([line("1", "10", "20"), line("1", "10", "20.00")])
    assert [(g.tax_rate, g.taxable_amount) for g in result.taxes] == [
        (Decimal("20"), Decimal("20.00"))
    ]


def test_no_lines_no_totals() -> None:
    result = totals([])
    assert result.taxes == ()
    assert (result.subtotal, result.tax_total, result.total) == (Decimal(0),) * 3
