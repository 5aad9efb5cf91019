"""The expense backend: expenses, their categories, and the API keys that own them."""
