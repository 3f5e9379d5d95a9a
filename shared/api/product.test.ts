import { describe, expect, it } from 'vitest'
import { ratePlanPrice, type RatePlan } from './product'

const plan = (id: number, gbp: number[], isDefault = false): RatePlan => ({
  id,
  name: `Plan ${id}`,
  term_length: 12,
  billing_frequency: 'monthly',
  renewal_term_length: 12,
  default: isDefault,
  min_quantity: 1,
  max_quantity: 100,
  rate_plan_charges: gbp.map((cost, i) => ({
    id: i + 1,
    name: 'Seat',
    charge_type: 'recurring',
    charge_model: 'per_unit',
    rate_plan_charge_costs: [{ id: 1, currency: 'EUR', charge_cost_price: 999 }, { id: 2, currency: 'GBP', charge_cost_price: cost }],
  })),
})

describe('ratePlanPrice', () => {
  it('prices a plan in proportion to the default plan, whose price is the product’s', () => {
    const product = { rate_plans: [plan(1, [2, 3], true), plan(2, [10, 5])] }
    expect(ratePlanPrice(product, product.rate_plans[0]!, 40)).toBe(40)
    expect(ratePlanPrice(product, product.rate_plans[1]!, 40)).toBe(120)
  })

  it('prices one for one when the default plan costs nothing (the sandbox and the estimate agree on it)', () => {
    const product = { rate_plans: [plan(1, [0], true), plan(2, [7.5])] }
    expect(ratePlanPrice(product, product.rate_plans[1]!, 40)).toBe(7.5)
  })
})
