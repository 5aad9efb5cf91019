"""The portfolio's rules, pure: a record's standing (standing), the resource
utilisation (utilization) and the metrics over the tenant's records (metrics)."""
