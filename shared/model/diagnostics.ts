import { z } from 'zod'

/** A support bundle: plain text with every secret and token redacted. */
export const DiagnosticsBundle = z.object({ text: z.string(), fileName: z.string(), logLines: z.int().nonnegative() })
export type DiagnosticsBundle = z.infer<typeof DiagnosticsBundle>

/**
 * The installation's self-check (the shell's `--self-check`, and Settings → Support), step by step
 * in the order they run: each needs the one before it, and the first that fails ends the check.
 */
export const SELF_CHECK_STEPS = ['sqlite', 'keychain', 'demo', 'catalogue', 'search', 'sign-out'] as const
export const SelfCheckStepName = z.enum(SELF_CHECK_STEPS)
export type SelfCheckStepName = z.infer<typeof SelfCheckStepName>

export const SelfCheckStep = z.object({
  name: SelfCheckStepName,
  ok: z.boolean(),
  ms: z.int().nonnegative(),
  /** What was seen (counts, the product found) or, when it failed, why: technical, in English, for the support desk. */
  detail: z.string().max(2000),
})
export type SelfCheckStep = z.infer<typeof SelfCheckStep>

export const SelfCheckReport = z.object({
  ok: z.boolean(),
  steps: z.array(SelfCheckStep).max(SELF_CHECK_STEPS.length),
  /** The runtime the check ran in (electron, node, sqlite…): a failure report says which build it was. */
  versions: z.record(z.string(), z.string()),
})
export type SelfCheckReport = z.infer<typeof SelfCheckReport>
