"""How MIN_CONFIDENCE was chosen: coverage and precision of the classifier per threshold.

    python -m tests.services.analytics.learning.threshold_table

For histories of 1 to 5 examples per merchant (some with a share of wrongly labelled
examples), a model is trained and asked about 20 new renderings of every known merchant
(how many it categorizes, how many of those correctly) and about merchants it never saw
(how many it would wrongly categorize). docs/categorization.md records a run.
"""

from __future__ import annotations

import random

from services.analytics.learning.classifier import CategoryModel
from tests.services.analytics.learning import samples

HISTORIES = ((1, 0.0), (2, 0.0), (3, 0.1), (5, 0.2))  # (examples per merchant, mislabelled)
THRESHOLDS = (0.45, 0.5, 0.55, 0.6, 0.65)


def main() -> None:
    categories = list(samples.CATEGORIES.values())
    held_out = samples.labelled(per_merchant=20, seed=99)
    rng = random.Random(5)
    unseen = [text for m in samples.UNSEEN for text in samples.descriptions(m, 20, rng)]
    print("history               threshold  categorized  precision  unseen categorized")
    for per_merchant, noise in HISTORIES:
        noisy = random.Random(2)
        examples = [
            (text, noisy.choice(categories) if noisy.random() < noise else category)
            for text, category in samples.labelled(per_merchant=per_merchant, seed=1)
        ]
        model = CategoryModel.train(examples)
        assert model is not None
        known = model.predict([text for text, _ in held_out])
        strangers = [confidence for _, confidence in model.predict(unseen)]
        for threshold in THRESHOLDS:
            applied = [
                predicted == truth
                for (predicted, confidence), (_, truth) in zip(known, held_out, strict=True)
                if confidence >= threshold
            ]
            precision = sum(applied) / len(applied) if applied else float("nan")
            leaked = sum(c >= threshold for c in strangers) / len(strangers)
            history = f"{per_merchant}/merchant, {noise:.0%} wrong"
            print(
                f"{history:22}{threshold:>9.2f}{len(applied) / len(held_out):>13.0%}"
                f"{precision:>11.1%}{leaked:>20.0%}"
            )


if __name__ == "__main__":
    main()
