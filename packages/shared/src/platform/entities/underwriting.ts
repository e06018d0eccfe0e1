// Underwriting cases and questions (spec platform-layer §3).
import { z } from 'zod';
import {
  QuestionInputKindSchema,
  UnderwritingCaseStatusSchema,
  UnderwritingDecisionSchema,
} from '../enums';
import { DateSchema, IdSchema, PercentSchema, TIMESTAMPS } from './common';

/** One answer: the question's id and its value (a choice, several choices, a number, a tick). */
export const UnderwritingAnswerSchema = z.object({
  question: IdSchema,
  value: z.union([z.boolean(), z.number(), z.string(), z.array(z.string())]),
});
export type UnderwritingAnswer = z.infer<typeof UnderwritingAnswerSchema>;

/** One decision of a case: STANDARD, a LOADING percentage, an EXCLUSION of a condition, … */
export const UnderwritingCaseDecisionSchema = z.object({
  decision: UnderwritingDecisionSchema,
  loading_percentage: PercentSchema.nullable(),
  exclusion: z.string().nullable(),
  reason: z.string().nullable(),
});
export type UnderwritingCaseDecision = z.infer<typeof UnderwritingCaseDecisionSchema>;

export const UnderwritingCaseSchema = z.object({
  id: IdSchema,
  /** The product's code. */
  product: z.string(),
  is_complete: z.boolean(),
  result: UnderwritingDecisionSchema.nullable(),
  expiry_date: DateSchema.nullable(),
  application_case_ids: z.array(IdSchema),
  application_ids: z.array(IdSchema),
  underwriting_case_number: z.string(),
  decisions: z.array(UnderwritingCaseDecisionSchema),
  status: UnderwritingCaseStatusSchema,
  answers: z.array(UnderwritingAnswerSchema),
  /** Ids of the follow-up questions the answers opened. */
  follow_ups: z.array(IdSchema),
  ...TIMESTAMPS,
});
export type UnderwritingCase = z.infer<typeof UnderwritingCaseSchema>;

/** One choice of a RADIO, SINGLE_SELECT or CHECKBOX question. */
export const QuestionChoiceSchema = z.object({
  value: z.string(),
  label_en: z.string(),
  label_zh: z.string(),
});
export type QuestionChoice = z.infer<typeof QuestionChoiceSchema>;

/** How a question's input is shown and bounded. */
export const QuestionInputConfigSchema = z.object({
  choices: z.array(QuestionChoiceSchema),
  min: z.number().nullable(),
  max: z.number().nullable(),
  step: z.number().positive().nullable(),
  unit: z.string().nullable(),
});
export type QuestionInputConfig = z.infer<typeof QuestionInputConfigSchema>;

/** When a follow-up question shows: when question `question` was answered with one of `values`. */
export const QuestionConditionSchema = z.object({
  question: IdSchema,
  values: z.array(z.union([z.string(), z.boolean()])),
});
export type QuestionCondition = z.infer<typeof QuestionConditionSchema>;

export const UnderwritingQuestionSchema = z.object({
  id: IdSchema,
  message: z.object({ en: z.string(), 'zh-HK': z.string() }),
  section: z.string(),
  subsection: z.string().nullable(),
  remark: z.string().nullable(),
  condition: QuestionConditionSchema.nullable(),
  type: QuestionInputKindSchema,
  input_configs: QuestionInputConfigSchema,
});
export type UnderwritingQuestion = z.infer<typeof UnderwritingQuestionSchema>;
