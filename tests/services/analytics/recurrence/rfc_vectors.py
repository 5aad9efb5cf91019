"""The examples of RFC 5545 §3.8.5.3 that are about days, as conformance vectors: each
with its DTSTART's date as the series' start, the RRULE, the dates the RFC lists and the
English the describer gives it.

Left out, because they need times of day (planned dates are days): "Every 3 hours
between 09:00 and 17:00", "Every 15 minutes for 6 occurrences", "Every hour and a half
for 4 occurrences", "Every 20 minutes from 9:00 to 16:40 every day" (both forms).

UNTIL: the RFC's examples run at 09:00 New York time and end with an UNTIL in UTC. We use
the UNTIL's date, so where the RFC's UNTIL falls before 09:00 New York time on its day
(19971224T000000Z is 19:00 on the 23rd there) the vector states the date the RFC really
ends on, 19971223, and says so; the dates are the RFC's.

"Forever" examples list the RFC's first dates: their vector has an `end` (the last listed
date) and the expansion is asked for the dates up to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


def days(year: int, month: int, *numbers: int) -> list[date]:
    return [date(year, month, number) for number in numbers]


def span(year: int, month: int, first: int, last: int, step: int = 1) -> list[date]:
    return days(year, month, *range(first, last + 1, step))


@dataclass(frozen=True)
class Vector:
    title: str
    start: date
    rule: str
    dates: list[date]
    description: str
    end: date | None = None  # a "forever" example: the RFC's dates up to this one

    def __str__(self) -> str:
        return self.title


_ALL_WEEK = "SU,MO,TU,WE,TH,FR,SA"

VECTORS = [
    Vector(
        "Daily for 10 occurrences",
        date(1997, 9, 2),
        "FREQ=DAILY;COUNT=10",
        span(1997, 9, 2, 11),
        "Daily, 10 times",
    ),
    Vector(
        "Daily until December 24, 1997 (RFC UNTIL=19971224T000000Z: before 09:00 on the 24th)",
        date(1997, 9, 2),
        "FREQ=DAILY;UNTIL=19971223",
        span(1997, 9, 2, 30)
        + span(1997, 10, 1, 31)
        + span(1997, 11, 1, 30)
        + span(1997, 12, 1, 23),
        "Daily until 23 Dec 1997",
    ),
    Vector(
        "Every other day - forever",
        date(1997, 9, 2),
        "FREQ=DAILY;INTERVAL=2",
        span(1997, 9, 2, 30, 2)
        + span(1997, 10, 2, 30, 2)
        + span(1997, 11, 1, 29, 2)
        + span(1997, 12, 1, 31, 2),
        "Every 2 days",
        end=date(1997, 12, 31),
    ),
    Vector(
        "Every 10 days, 5 occurrences",
        date(1997, 9, 2),
        "FREQ=DAILY;INTERVAL=10;COUNT=5",
        days(1997, 9, 2, 12, 22) + days(1997, 10, 2, 12),
        "Every 10 days, 5 times",
    ),
    Vector(
        "Every day in January, for 3 years (yearly form)",
        date(1998, 1, 1),
        f"FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY={_ALL_WEEK}",
        span(1998, 1, 1, 31) + span(1999, 1, 1, 31) + span(2000, 1, 1, 31),
        "Every year in January on every day until 31 Jan 2000",
    ),
    Vector(
        "Every day in January, for 3 years (daily form)",
        date(1998, 1, 1),
        "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
        span(1998, 1, 1, 31) + span(1999, 1, 1, 31) + span(2000, 1, 1, 31),
        "Daily in January until 31 Jan 2000",
    ),
    Vector(
        "Weekly for 10 occurrences",
        date(1997, 9, 2),
        "FREQ=WEEKLY;COUNT=10",
        days(1997, 9, 2, 9, 16, 23, 30) + days(1997, 10, 7, 14, 21, 28) + days(1997, 11, 4),
        "Weekly, 10 times",
    ),
    Vector(
        "Weekly until December 24, 1997",
        date(1997, 9, 2),
        "FREQ=WEEKLY;UNTIL=19971224T000000Z",
        days(1997, 9, 2, 9, 16, 23, 30)
        + days(1997, 10, 7, 14, 21, 28)
        + days(1997, 11, 4, 11, 18, 25)
        + days(1997, 12, 2, 9, 16, 23),
        "Weekly until 24 Dec 1997",
    ),
    Vector(
        "Every other week - forever",
        date(1997, 9, 2),
        "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
        days(1997, 9, 2, 16, 30)
        + days(1997, 10, 14, 28)
        + days(1997, 11, 11, 25)
        + days(1997, 12, 9, 23)
        + days(1998, 1, 6, 20)
        + days(1998, 2, 3, 17),
        "Every 2 weeks (weeks start on Sunday)",
        end=date(1998, 2, 17),
    ),
    Vector(
        "Weekly on Tuesday and Thursday for five weeks (UNTIL form; RFC "
        "UNTIL=19971007T000000Z: before 09:00 on the 7th)",
        date(1997, 9, 2),
        "FREQ=WEEKLY;UNTIL=19971006;WKST=SU;BYDAY=TU,TH",
        days(1997, 9, 2, 4, 9, 11, 16, 18, 23, 25, 30) + days(1997, 10, 2),
        "Weekly on Tuesday and Thursday until 6 Oct 1997",
    ),
    Vector(
        "Weekly on Tuesday and Thursday for five weeks (COUNT form)",
        date(1997, 9, 2),
        "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
        days(1997, 9, 2, 4, 9, 11, 16, 18, 23, 25, 30) + days(1997, 10, 2),
        "Weekly on Tuesday and Thursday, 10 times",
    ),
    Vector(
        "Every other week on Monday, Wednesday, and Friday until December 24, 1997 "
        "(RFC UNTIL=19971224T000000Z: before 09:00 on the 24th)",
        date(1997, 9, 1),
        "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971223;WKST=SU;BYDAY=MO,WE,FR",
        days(1997, 9, 1, 3, 5, 15, 17, 19, 29)
        + days(1997, 10, 1, 3, 13, 15, 17, 27, 29, 31)
        + days(1997, 11, 10, 12, 14, 24, 26, 28)
        + days(1997, 12, 8, 10, 12, 22),
        "Every 2 weeks (weeks start on Sunday) on Monday, Wednesday and Friday until 23 Dec 1997",
    ),
    Vector(
        "Every other week on Tuesday and Thursday, for 8 occurrences",
        date(1997, 9, 2),
        "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
        days(1997, 9, 2, 4, 16, 18, 30) + days(1997, 10, 2, 14, 16),
        "Every 2 weeks (weeks start on Sunday) on Tuesday and Thursday, 8 times",
    ),
    Vector(
        "Monthly on the first Friday for 10 occurrences",
        date(1997, 9, 5),
        "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
        days(1997, 9, 5)
        + days(1997, 10, 3)
        + days(1997, 11, 7)
        + days(1997, 12, 5)
        + days(1998, 1, 2)
        + days(1998, 2, 6)
        + days(1998, 3, 6)
        + days(1998, 4, 3)
        + days(1998, 5, 1)
        + days(1998, 6, 5),
        "Monthly on the first Friday, 10 times",
    ),
    Vector(
        "Monthly on the first Friday until December 24, 1997",
        date(1997, 9, 5),
        "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
        days(1997, 9, 5) + days(1997, 10, 3) + days(1997, 11, 7) + days(1997, 12, 5),
        "Monthly on the first Friday until 24 Dec 1997",
    ),
    Vector(
        "Every other month on the first and last Sunday of the month for 10 occurrences",
        date(1997, 9, 7),
        "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
        days(1997, 9, 7, 28)
        + days(1997, 11, 2, 30)
        + days(1998, 1, 4, 25)
        + days(1998, 3, 1, 29)
        + days(1998, 5, 3, 31),
        "Every 2 months on the first and last Sunday, 10 times",
    ),
    Vector(
        "Monthly on the second-to-last Monday of the month for 6 months",
        date(1997, 9, 22),
        "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
        days(1997, 9, 22)
        + days(1997, 10, 20)
        + days(1997, 11, 17)
        + days(1997, 12, 22)
        + days(1998, 1, 19)
        + days(1998, 2, 16),
        "Monthly on the second to last Monday, 6 times",
    ),
    Vector(
        "Monthly on the third-to-the-last day of the month, forever",
        date(1997, 9, 28),
        "FREQ=MONTHLY;BYMONTHDAY=-3",
        days(1997, 9, 28)
        + days(1997, 10, 29)
        + days(1997, 11, 28)
        + days(1997, 12, 29)
        + days(1998, 1, 29)
        + days(1998, 2, 26),
        "Monthly on the 3rd to last day",
        end=date(1998, 2, 26),
    ),
    Vector(
        "Monthly on the 2nd and 15th of the month for 10 occurrences",
        date(1997, 9, 2),
        "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
        days(1997, 9, 2, 15)
        + days(1997, 10, 2, 15)
        + days(1997, 11, 2, 15)
        + days(1997, 12, 2, 15)
        + days(1998, 1, 2, 15),
        "Monthly on the 2nd and 15th, 10 times",
    ),
    Vector(
        "Monthly on the first and last day of the month for 10 occurrences",
        date(1997, 9, 30),
        "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
        days(1997, 9, 30)
        + days(1997, 10, 1, 31)
        + days(1997, 11, 1, 30)
        + days(1997, 12, 1, 31)
        + days(1998, 1, 1, 31)
        + days(1998, 2, 1),
        "Monthly on the 1st and last day, 10 times",
    ),
    Vector(
        "Every 18 months on the 10th thru 15th of the month for 10 occurrences",
        date(1997, 9, 10),
        "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
        span(1997, 9, 10, 15) + span(1999, 3, 10, 13),
        "Every 18 months on the 10th to 15th, 10 times",
    ),
    Vector(
        "Every Tuesday, every other month",
        date(1997, 9, 2),
        "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
        days(1997, 9, 2, 9, 16, 23, 30)
        + days(1997, 11, 4, 11, 18, 25)
        + days(1998, 1, 6, 13, 20, 27)
        + days(1998, 3, 3, 10, 17, 24, 31),
        "Every 2 months on Tuesday",
        end=date(1998, 3, 31),
    ),
    Vector(
        "Yearly in June and July for 10 occurrences",
        date(1997, 6, 10),
        "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
        [date(year, month, 10) for year in range(1997, 2002) for month in (6, 7)],
        "Every year in June and July, 10 times",
    ),
    Vector(
        "Every other year on January, February, and March for 10 occurrences",
        date(1997, 3, 10),
        "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
        days(1997, 3, 10)
        + [date(year, month, 10) for year in (1999, 2001, 2003) for month in (1, 2, 3)],
        "Every 2 years in January, February and March, 10 times",
    ),
    Vector(
        "Every third year on the 1st, 100th, and 200th day for 10 occurrences",
        date(1997, 1, 1),
        "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
        days(1997, 1, 1)
        + days(1997, 4, 10)
        + days(1997, 7, 19)
        + days(2000, 1, 1)
        + days(2000, 4, 9)
        + days(2000, 7, 18)
        + days(2003, 1, 1)
        + days(2003, 4, 10)
        + days(2003, 7, 19)
        + days(2006, 1, 1),
        "Every 3 years on days 1, 100 and 200 of the year, 10 times",
    ),
    Vector(
        "Every 20th Monday of the year, forever",
        date(1997, 5, 19),
        "FREQ=YEARLY;BYDAY=20MO",
        days(1997, 5, 19) + days(1998, 5, 18) + days(1999, 5, 17),
        "Every year on the 20th Monday of the year",
        end=date(1999, 5, 17),
    ),
    Vector(
        "Monday of week number 20 (where the default start of the week is Monday), forever",
        date(1997, 5, 12),
        "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
        days(1997, 5, 12) + days(1998, 5, 11) + days(1999, 5, 17),
        "Every year in week 20 on Monday",
        end=date(1999, 5, 17),
    ),
    Vector(
        "Every Thursday in March, forever",
        date(1997, 3, 13),
        "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
        days(1997, 3, 13, 20, 27) + days(1998, 3, 5, 12, 19, 26) + days(1999, 3, 4, 11, 18, 25),
        "Every year in March on Thursday",
        end=date(1999, 3, 25),
    ),
    Vector(
        "Every Thursday, but only during June, July, and August, forever",
        date(1997, 6, 5),
        "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
        days(1997, 6, 5, 12, 19, 26)
        + days(1997, 7, 3, 10, 17, 24, 31)
        + days(1997, 8, 7, 14, 21, 28)
        + days(1998, 6, 4, 11, 18, 25)
        + days(1998, 7, 2, 9, 16, 23, 30)
        + days(1998, 8, 6, 13, 20, 27)
        + days(1999, 6, 3, 10, 17, 24)
        + days(1999, 7, 1, 8, 15, 22, 29)
        + days(1999, 8, 5, 12, 19, 26),
        "Every year in June, July and August on Thursday",
        end=date(1999, 8, 26),
    ),
    Vector(
        "Every Friday the 13th, forever (the RFC's EXDATE drops its DTSTART, which the rule "
        "does not match: only matching dates are listed here)",
        date(1997, 9, 2),
        "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
        days(1998, 2, 13)
        + days(1998, 3, 13)
        + days(1998, 11, 13)
        + days(1999, 8, 13)
        + days(2000, 10, 13),
        "Monthly on Friday the 13th",
        end=date(2000, 10, 13),
    ),
    Vector(
        "The first Saturday that follows the first Sunday of the month, forever",
        date(1997, 9, 13),
        "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
        days(1997, 9, 13)
        + days(1997, 10, 11)
        + days(1997, 11, 8)
        + days(1997, 12, 13)
        + days(1998, 1, 10)
        + days(1998, 2, 7)
        + days(1998, 3, 7)
        + days(1998, 4, 11)
        + days(1998, 5, 9)
        + days(1998, 6, 13),
        "Monthly on the 7th to 13th when it is a Saturday",
        end=date(1998, 6, 13),
    ),
    Vector(
        "Every 4 years, the first Tuesday after a Monday in November, forever "
        "(U.S. Presidential Election day)",
        date(1996, 11, 5),
        "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
        days(1996, 11, 5) + days(2000, 11, 7) + days(2004, 11, 2),
        "Every 4 years in November on the 2nd to 8th when it is a Tuesday",
        end=date(2004, 11, 2),
    ),
    Vector(
        "The third instance into the month of one of Tuesday, Wednesday, or Thursday, "
        "for the next 3 months",
        date(1997, 9, 4),
        "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
        days(1997, 9, 4) + days(1997, 10, 7) + days(1997, 11, 6),
        "Monthly on the third Tuesday, Wednesday or Thursday, 3 times",
    ),
    Vector(
        "The second-to-last weekday of the month",
        date(1997, 9, 29),
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
        days(1997, 9, 29)
        + days(1997, 10, 30)
        + days(1997, 11, 27)
        + days(1997, 12, 30)
        + days(1998, 1, 29)
        + days(1998, 2, 26)
        + days(1998, 3, 30),
        "Monthly on the second to last weekday",
        end=date(1998, 3, 30),
    ),
    Vector(
        "WKST: every other week on Tuesday and Sunday, weeks starting on Monday",
        date(1997, 8, 5),
        "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
        days(1997, 8, 5, 10, 19, 24),
        "Every 2 weeks on Tuesday and Sunday, 4 times",
    ),
    Vector(
        "WKST: every other week on Tuesday and Sunday, weeks starting on Sunday",
        date(1997, 8, 5),
        "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
        days(1997, 8, 5, 17, 19, 31),
        "Every 2 weeks (weeks start on Sunday) on Tuesday and Sunday, 4 times",
    ),
    Vector(
        "An invalid date (February 30) is ignored",
        date(2007, 1, 15),
        "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
        days(2007, 1, 15, 30) + days(2007, 2, 15) + days(2007, 3, 15, 30),
        "Monthly on the 15th and 30th, 5 times",
    ),
]
