// The health questionnaire an underwriting case asks (decision 083). The seed writes these rows;
// the decision rules (rules.ts) read the answers by `code`. Choices carry both languages.
import type { QuestionInputKind } from '@clinicpass/shared/platform/enums';

export const HEALTH_QUESTIONNAIRE = 'health-2026';

export interface QuestionDefinition {
  code: string;
  section: string;
  subsection: string | null;
  remark: string | null;
  en: string;
  zh: string;
  type: QuestionInputKind;
  choices?: { value: string; label_en: string; label_zh: string }[];
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  /** A follow-up: asked when the question `code` was answered with one of `values`. */
  condition?: { code: string; values: string[] };
}

const YES_NO = [
  { value: 'yes', label_en: 'Yes', label_zh: '是' },
  { value: 'no', label_en: 'No', label_zh: '否' },
];

/** Conditions that refuse cover outright (rules.ts). */
export const DISQUALIFYING_CONDITIONS = ['cancer', 'heart-disease', 'stroke', 'kidney-failure'];
/** Chronic conditions covered with an exclusion of that condition (rules.ts). */
export const EXCLUDED_CONDITIONS = [
  'hypertension',
  'diabetes',
  'asthma',
  'high-cholesterol',
  'hepatitis-b',
];

export const HEALTH_QUESTIONS: QuestionDefinition[] = [
  {
    code: 'height_cm',
    section: 'Build',
    subsection: null,
    remark: 'Measured without shoes.',
    en: 'What is your height?',
    zh: '你的身高是多少？',
    type: 'NUMBER',
    min: 100,
    max: 230,
    step: 1,
    unit: 'cm',
  },
  {
    code: 'weight_kg',
    section: 'Build',
    subsection: null,
    remark: null,
    en: 'What is your weight?',
    zh: '你的體重是多少？',
    type: 'NUMBER',
    min: 30,
    max: 250,
    step: 0.1,
    unit: 'kg',
  },
  {
    code: 'smoker',
    section: 'Lifestyle',
    subsection: 'Smoking',
    remark: 'Includes cigarettes, cigars, pipes and e-cigarettes.',
    en: 'Have you smoked in the past 12 months?',
    zh: '你在過去12個月內有否吸煙？',
    type: 'RADIO',
    choices: YES_NO,
  },
  {
    code: 'cigarettes_per_day',
    section: 'Lifestyle',
    subsection: 'Smoking',
    remark: null,
    en: 'How many cigarettes (or equivalent) do you smoke a day?',
    zh: '你每日吸多少支香煙（或同等份量）？',
    type: 'SLIDER',
    min: 1,
    max: 60,
    step: 1,
    unit: 'per day',
    condition: { code: 'smoker', values: ['yes'] },
  },
  {
    code: 'alcohol',
    section: 'Lifestyle',
    subsection: 'Alcohol',
    remark: 'One standard drink is 10 g of alcohol: a can of beer or a small glass of wine.',
    en: 'How many standard drinks of alcohol do you have in a usual week?',
    zh: '你一般每星期飲用多少標準杯酒精飲品？',
    type: 'SINGLE_SELECT',
    choices: [
      { value: 'none', label_en: 'None', label_zh: '不飲酒' },
      { value: 'up-to-7', label_en: '1 to 7', label_zh: '1至7杯' },
      { value: '8-to-14', label_en: '8 to 14', label_zh: '8至14杯' },
      { value: 'over-14', label_en: 'More than 14', label_zh: '多於14杯' },
    ],
  },
  {
    code: 'conditions',
    section: 'Medical history',
    subsection: 'Diagnosed conditions',
    remark: 'Tick "None of the above" when none applies.',
    en: 'Have you ever been diagnosed with or treated for any of the following?',
    zh: '你曾否被診斷患有或接受治療以下任何疾病？',
    type: 'NON_NULLABLE_CHECKBOX',
    choices: [
      { value: 'hypertension', label_en: 'High blood pressure', label_zh: '高血壓' },
      { value: 'diabetes', label_en: 'Diabetes', label_zh: '糖尿病' },
      { value: 'asthma', label_en: 'Asthma', label_zh: '哮喘' },
      { value: 'high-cholesterol', label_en: 'High cholesterol', label_zh: '高膽固醇' },
      { value: 'hepatitis-b', label_en: 'Hepatitis B', label_zh: '乙型肝炎' },
      { value: 'cancer', label_en: 'Cancer or a tumour', label_zh: '癌症或腫瘤' },
      { value: 'heart-disease', label_en: 'Heart disease', label_zh: '心臟病' },
      { value: 'stroke', label_en: 'Stroke', label_zh: '中風' },
      { value: 'kidney-failure', label_en: 'Kidney failure', label_zh: '腎衰竭' },
      { value: 'none', label_en: 'None of the above', label_zh: '以上皆無' },
    ],
  },
  {
    code: 'condition_controlled',
    section: 'Medical history',
    subsection: 'Diagnosed conditions',
    remark: null,
    en: 'Is the condition controlled, with regular follow-up by a doctor?',
    zh: '該病況是否受控，並由醫生定期跟進？',
    type: 'RADIO',
    choices: YES_NO,
    condition: { code: 'conditions', values: EXCLUDED_CONDITIONS },
  },
  {
    code: 'surgery',
    section: 'Medical history',
    subsection: 'Treatment',
    remark: null,
    en: 'In the past 12 months, have you had surgery or been advised to have surgery?',
    zh: '在過去12個月內，你曾否接受手術或被建議接受手術？',
    type: 'RADIO',
    choices: YES_NO,
  },
  {
    code: 'surgery_size',
    section: 'Medical history',
    subsection: 'Treatment',
    remark: 'As your doctor described it.',
    en: 'How large was, or will be, the operation?',
    zh: '該手術的規模屬於哪一類？',
    type: 'SINGLE_SELECT',
    choices: [
      { value: 'minor', label_en: 'Minor', label_zh: '小型' },
      { value: 'intermediate', label_en: 'Intermediate', label_zh: '中型' },
      { value: 'major', label_en: 'Major', label_zh: '大型' },
      { value: 'complex', label_en: 'Complex', label_zh: '複雜' },
    ],
    condition: { code: 'surgery', values: ['yes'] },
  },
  {
    code: 'pending_investigation',
    section: 'Medical history',
    subsection: 'Treatment',
    remark: null,
    en: 'Are you waiting for a medical test result, an investigation or a specialist referral?',
    zh: '你是否正在等候醫學檢查結果、進一步檢查或專科轉介？',
    type: 'RADIO',
    choices: YES_NO,
  },
  {
    code: 'family_history',
    section: 'Family history',
    subsection: null,
    remark: 'Leave all unticked when none applies.',
    en: 'Has a parent, brother or sister been diagnosed before age 60 with any of these?',
    zh: '你的父母或兄弟姊妹曾否在60歲前被診斷患有以下任何疾病？',
    type: 'CHECKBOX',
    choices: [
      { value: 'heart-disease', label_en: 'Heart disease', label_zh: '心臟病' },
      { value: 'stroke', label_en: 'Stroke', label_zh: '中風' },
      { value: 'cancer', label_en: 'Cancer', label_zh: '癌症' },
      { value: 'diabetes', label_en: 'Diabetes', label_zh: '糖尿病' },
    ],
  },
];
