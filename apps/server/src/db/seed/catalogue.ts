// The healthcare services and specialties of the medical network, as the member-app spec §3
// lists them: six primary-panel categories (Others last), the services in each, which panel(s)
// list each service, the consultation-fee code each service's payment info uses, and the 24
// allowed specialties of the specialist service (plus two that are not allowed, so the web's
// allowed-list filter has something to drop). Pure data; ids are assigned 1..n in list order.
import type { healthcareService, serviceProvision, serviceSpecialty, specialty } from '../schema';

/** The two doctor panels by route value. */
export type Panel = 'outpatient' | 'go';
export const PANELS: readonly Panel[] = ['outpatient', 'go'];

/** The provision slug that lists a service on a panel. */
export const PANEL_PROVISION = {
  outpatient: 'outpatient-doctors',
  go: 'outpatient-panel-doctors',
} as const satisfies Record<Panel, string>;
export type ProvisionSlug = (typeof PANEL_PROVISION)[Panel];

export type ServiceCategorySlug =
  | 'general-practitioner'
  | 'specialist-practitioner'
  | 'chinese-medicine'
  | 'dental'
  | 'bodycheck'
  | 'others';

export interface ServiceCategory {
  slug: ServiceCategorySlug;
  nameEn: string;
  nameZh: string;
  sequence: number;
}

/** Primary-panel categories in display order; Others is always last. */
export const SERVICE_CATEGORIES: readonly ServiceCategory[] = [
  {
    slug: 'general-practitioner',
    nameEn: 'General Practitioner',
    nameZh: '普通科醫生',
    sequence: 1,
  },
  {
    slug: 'specialist-practitioner',
    nameEn: 'Specialist Practitioner',
    nameZh: '專科醫生',
    sequence: 2,
  },
  { slug: 'chinese-medicine', nameEn: 'Chinese Medicine', nameZh: '中醫', sequence: 3 },
  { slug: 'dental', nameEn: 'Dental', nameZh: '牙科', sequence: 4 },
  { slug: 'bodycheck', nameEn: 'Bodycheck', nameZh: '身體檢查', sequence: 5 },
  { slug: 'others', nameEn: 'Others', nameZh: '其他', sequence: 6 },
];

export interface ServiceDefinition {
  /** Stable kebab-case slug; `specialist` makes the display name come from the specialty. */
  slug: string;
  /** Consultation-fee service code, unique; payment info entries use it. */
  code: string;
  category: ServiceCategorySlug;
  nameEn: string;
  nameZh: string;
  descriptionEn: string;
  descriptionZh: string;
  /** The panels whose provision lists the service. */
  panels: readonly Panel[];
}

const BOTH: readonly Panel[] = ['outpatient', 'go'];
const PRIMARY: readonly Panel[] = ['outpatient'];

/**
 * Every service, in display order (sequence = position + 1). The second panel (`go`) lists a
 * smaller set: general practitioner, specialist, Chinese medicine consultation, physiotherapy
 * and the two body checks. Pap Smear and Telemedicine are real services of the data that the
 * web leaves out of its pickers.
 */
export const SERVICES: readonly ServiceDefinition[] = [
  {
    slug: 'general-practitioner',
    code: 'GP',
    category: 'general-practitioner',
    nameEn: 'General Practitioner',
    nameZh: '普通科醫生',
    descriptionEn: 'General outpatient consultation for common illnesses, with basic medicine.',
    descriptionZh: '一般門診診症，處理常見疾病，包基本藥物。',
    panels: BOTH,
  },
  {
    slug: 'specialist',
    code: 'SP',
    category: 'specialist-practitioner',
    nameEn: 'Specialist Practitioner',
    nameZh: '專科醫生',
    descriptionEn: 'Consultation with a registered specialist.',
    descriptionZh: '由註冊專科醫生診症。',
    panels: BOTH,
  },
  {
    slug: 'chinese-medicine-consultation',
    code: 'CMC',
    category: 'chinese-medicine',
    nameEn: 'Chinese Medicine Consultation',
    nameZh: '中醫診症',
    descriptionEn: 'Consultation with a registered Chinese medicine practitioner.',
    descriptionZh: '由註冊中醫師診症。',
    panels: BOTH,
  },
  {
    slug: 'acupuncture',
    code: 'ACU',
    category: 'chinese-medicine',
    nameEn: 'Acupuncture',
    nameZh: '針灸',
    descriptionEn: 'Acupuncture treatment by a registered Chinese medicine practitioner.',
    descriptionZh: '由註冊中醫師提供針灸治療。',
    panels: PRIMARY,
  },
  {
    slug: 'bonesetter',
    code: 'BST',
    category: 'chinese-medicine',
    nameEn: 'Bonesetter',
    nameZh: '跌打',
    descriptionEn: 'Bone-setting and tui na for sprains and bruises.',
    descriptionZh: '跌打及推拿，處理扭傷及瘀傷。',
    panels: PRIMARY,
  },
  {
    slug: 'chiropractic-service',
    code: 'CHI',
    category: 'chinese-medicine',
    nameEn: 'Chiropractic Service',
    nameZh: '脊骨神經科',
    descriptionEn: 'Spinal assessment and adjustment by a registered chiropractor.',
    descriptionZh: '由註冊脊醫提供脊骨檢查及矯正。',
    panels: PRIMARY,
  },
  {
    slug: 'dental-oral-examination-scaling-polishing',
    code: 'DOE',
    category: 'dental',
    nameEn: 'Dental Oral Examination/ Scaling & Polishing',
    nameZh: '牙科口腔檢查/洗牙',
    descriptionEn: 'Oral examination with scaling and polishing.',
    descriptionZh: '口腔檢查連洗牙。',
    panels: PRIMARY,
  },
  {
    slug: 'dental-consultation',
    code: 'DEN',
    category: 'dental',
    nameEn: 'Dental Consultation',
    nameZh: '牙科診症',
    descriptionEn: 'Consultation with a registered dentist.',
    descriptionZh: '由註冊牙醫診症。',
    panels: PRIMARY,
  },
  {
    slug: 'basic-body-check',
    code: 'BC1',
    category: 'bodycheck',
    nameEn: 'Basic Body Check',
    nameZh: '基本身體檢查',
    descriptionEn: 'Physical examination with blood, urine and basic screening tests.',
    descriptionZh: '身體檢查，包括血液、小便及基本篩查。',
    panels: BOTH,
  },
  {
    slug: 'comprehensive-body-check',
    code: 'BC2',
    category: 'bodycheck',
    nameEn: 'Comprehensive Body Check',
    nameZh: '全面身體檢查',
    descriptionEn: 'Extended screening with imaging, ECG and a doctor consultation on the report.',
    descriptionZh: '全面篩查，包括影像、心電圖及醫生講解報告。',
    panels: BOTH,
  },
  {
    slug: 'physiotherapy',
    code: 'PHS',
    category: 'others',
    nameEn: 'Physiotherapy',
    nameZh: '物理治療',
    descriptionEn: 'Assessment and treatment by a registered physiotherapist.',
    descriptionZh: '由註冊物理治療師評估及治療。',
    panels: BOTH,
  },
  {
    slug: 'sports-therapy',
    code: 'SPT',
    category: 'others',
    nameEn: 'Sports Therapy',
    nameZh: '運動治療',
    descriptionEn: 'Exercise-based rehabilitation for sports injuries.',
    descriptionZh: '以運動為本的運動創傷復康。',
    panels: PRIMARY,
  },
  {
    slug: 'x-ray-laboratory-service',
    code: 'LAB',
    category: 'others',
    nameEn: 'X-Ray & Laboratory Service',
    nameZh: 'X光及化驗服務',
    descriptionEn: 'X-ray imaging and laboratory tests on referral.',
    descriptionZh: '經轉介的X光造影及化驗。',
    panels: PRIMARY,
  },
  {
    slug: 'flu-vaccine',
    code: 'FLU',
    category: 'others',
    nameEn: 'Flu Vaccine',
    nameZh: '流感疫苗',
    descriptionEn: 'Seasonal influenza vaccination.',
    descriptionZh: '季節性流感疫苗注射。',
    panels: PRIMARY,
  },
  {
    slug: 'endoscopy',
    code: 'END',
    category: 'others',
    nameEn: 'Endoscopy',
    nameZh: '內窺鏡檢查',
    descriptionEn: 'Gastroscopy or colonoscopy by a specialist.',
    descriptionZh: '由專科醫生進行胃鏡或大腸鏡檢查。',
    panels: PRIMARY,
  },
  {
    slug: 'vaccination',
    code: 'VAC',
    category: 'others',
    nameEn: 'Vaccination',
    nameZh: '疫苗注射',
    descriptionEn: 'Vaccines other than the seasonal flu vaccine.',
    descriptionZh: '季節性流感疫苗以外的疫苗注射。',
    panels: PRIMARY,
  },
  {
    slug: 'dietitian',
    code: 'DIE',
    category: 'others',
    nameEn: 'Dietitian',
    nameZh: '營養師',
    descriptionEn: 'Dietary assessment and advice by a registered dietitian.',
    descriptionZh: '由註冊營養師評估及提供飲食建議。',
    panels: PRIMARY,
  },
  {
    slug: 'pap-smear',
    code: 'PAP',
    category: 'others',
    nameEn: 'Pap Smear',
    nameZh: '柏氏抹片',
    descriptionEn: 'Cervical screening test.',
    descriptionZh: '子宮頸篩查。',
    panels: PRIMARY,
  },
  {
    slug: 'telemedicine',
    code: 'TEL',
    category: 'general-practitioner',
    nameEn: 'Telemedicine',
    nameZh: '遙距醫療',
    descriptionEn: 'Video consultation with medicine delivered.',
    descriptionZh: '視像診症，藥物送遞。',
    panels: PRIMARY,
  },
];

/**
 * Payment-info service codes that are not services of their own: fees a practitioner charges
 * besides a consultation. HER: Chinese herbal medicine dispensed (per course of doses) by a
 * Chinese medicine practitioner. ROW: a repeat order of Western medicine (a refill without a
 * new consultation) at a general practitioner's clinic. Both have consultation-fee labels.
 */
export const PAYMENT_ONLY_CODES = {
  HER: { nameEn: 'Chinese Herbal Medicine', nameZh: '中藥配藥' },
  ROW: { nameEn: 'Repeat Order of Western Medicine', nameZh: '覆配西藥' },
} as const;

/** The service codes the web has consultation-fee labels for. */
export const CONSULTATION_FEE_LABEL_CODES = [
  'PHS',
  'LAB',
  'ACU',
  'BST',
  'HER',
  'ROW',
  'VAC',
] as const;

export interface SpecialtyDefinition {
  slug: string;
  descriptionEn: string;
  descriptionZh: string;
  /** On the web's allowed list of the specialist group. */
  allowed: boolean;
}

/** The 24 allowed specialties (spec order), then two the web's allowed list drops. */
export const SPECIALTIES: readonly SpecialtyDefinition[] = [
  { slug: 'cardiology', descriptionEn: 'Cardiology', descriptionZh: '心臟科', allowed: true },
  {
    slug: 'cardio-thoracic-surgery',
    descriptionEn: 'Cardio-thoracic Surgery',
    descriptionZh: '心胸肺外科',
    allowed: true,
  },
  {
    slug: 'clinical-microbiology-and-infection',
    descriptionEn: 'Clinical Microbiology & Infection',
    descriptionZh: '臨床微生物及感染科',
    allowed: true,
  },
  {
    slug: 'clinical-oncology',
    descriptionEn: 'Clinical Oncology',
    descriptionZh: '臨床腫瘤科',
    allowed: true,
  },
  {
    slug: 'dermatology-venereology',
    descriptionEn: 'Dermatology & Venereology',
    descriptionZh: '皮膚及性病科',
    allowed: true,
  },
  {
    slug: 'endocrinology-diabetes-metabolism',
    descriptionEn: 'Endocrinology, Diabetes & Metabolism',
    descriptionZh: '內分泌及糖尿科',
    allowed: true,
  },
  {
    slug: 'family-medicine',
    descriptionEn: 'Family Medicine',
    descriptionZh: '家庭醫學',
    allowed: true,
  },
  {
    slug: 'gastroenterology-hepatology',
    descriptionEn: 'Gastroenterology & Hepatology',
    descriptionZh: '腸胃肝臟科',
    allowed: true,
  },
  {
    slug: 'general-surgery',
    descriptionEn: 'General Surgery',
    descriptionZh: '外科',
    allowed: true,
  },
  {
    slug: 'geriatric-medicine',
    descriptionEn: 'Geriatric Medicine',
    descriptionZh: '老人科',
    allowed: true,
  },
  { slug: 'nephrology', descriptionEn: 'Nephrology', descriptionZh: '腎病科', allowed: true },
  { slug: 'neurology', descriptionEn: 'Neurology', descriptionZh: '腦內科', allowed: true },
  { slug: 'neurosurgery', descriptionEn: 'Neurosurgery', descriptionZh: '神經外科', allowed: true },
  {
    slug: 'obstetrics-gynaecology',
    descriptionEn: 'Obstetrics & Gynaecology',
    descriptionZh: '婦產科',
    allowed: true,
  },
  { slug: 'ophthalmology', descriptionEn: 'Ophthalmology', descriptionZh: '眼科', allowed: true },
  {
    slug: 'orthopaedics-traumatology',
    descriptionEn: 'Orthopaedics & Traumatology',
    descriptionZh: '骨科',
    allowed: true,
  },
  {
    slug: 'otorhinolaryngology',
    descriptionEn: 'Otorhinolaryngology',
    descriptionZh: '耳鼻喉科',
    allowed: true,
  },
  { slug: 'paediatrics', descriptionEn: 'Paediatrics', descriptionZh: '兒科', allowed: true },
  {
    slug: 'paediatric-surgery',
    descriptionEn: 'Paediatric Surgery',
    descriptionZh: '小兒外科',
    allowed: true,
  },
  {
    slug: 'plastic-surgery',
    descriptionEn: 'Plastic Surgery',
    descriptionZh: '整形外科',
    allowed: true,
  },
  { slug: 'psychiatry', descriptionEn: 'Psychiatry', descriptionZh: '精神科', allowed: true },
  {
    slug: 'respiratory-medicine',
    descriptionEn: 'Respiratory Medicine',
    descriptionZh: '呼吸系統科',
    allowed: true,
  },
  { slug: 'rheumatology', descriptionEn: 'Rheumatology', descriptionZh: '風濕病科', allowed: true },
  { slug: 'urology', descriptionEn: 'Urology', descriptionZh: '泌尿外科', allowed: true },
  {
    slug: 'sports-medicine',
    descriptionEn: 'Sports Medicine',
    descriptionZh: '運動醫學',
    allowed: false,
  },
  {
    slug: 'aesthetic-medicine',
    descriptionEn: 'Aesthetic Medicine',
    descriptionZh: '醫學美容',
    allowed: false,
  },
];

export const ALLOWED_SPECIALTY_SLUGS: readonly string[] = SPECIALTIES.filter((s) => s.allowed).map(
  (s) => s.slug,
);

/** The service whose display name comes from the specialty. */
export const SPECIALIST_SERVICE_SLUG = 'specialist';

// ---------------------------------------------------------------- rows (ids 1..n in list order)

export type HealthcareServiceRow = Pick<
  typeof healthcareService.$inferSelect,
  | 'id'
  | 'slug'
  | 'code'
  | 'category'
  | 'sequence'
  | 'nameEn'
  | 'nameZh'
  | 'descriptionEn'
  | 'descriptionZh'
>;
export type ServiceProvisionRow = typeof serviceProvision.$inferSelect;
export type SpecialtyRow = typeof specialty.$inferSelect;
export type ServiceSpecialtyRow = typeof serviceSpecialty.$inferSelect;

/** Healthcare-service rows, id = sequence = position in SERVICES + 1. */
export function serviceRows(): HealthcareServiceRow[] {
  return SERVICES.map((s, i) => ({
    id: i + 1,
    slug: s.slug,
    code: s.code,
    category: s.category,
    sequence: i + 1,
    nameEn: s.nameEn,
    nameZh: s.nameZh,
    descriptionEn: s.descriptionEn,
    descriptionZh: s.descriptionZh,
  }));
}

/** One row per service and panel that lists it. */
export function serviceProvisionRows(): ServiceProvisionRow[] {
  return SERVICES.flatMap((s, i) =>
    s.panels.map((panel) => ({ serviceId: i + 1, provisionSlug: PANEL_PROVISION[panel] })),
  );
}

/** Specialty rows, id = position in SPECIALTIES + 1 (the 24 allowed are ids 1–24). */
export function specialtyRows(): SpecialtyRow[] {
  return SPECIALTIES.map((s, i) => ({
    id: i + 1,
    slug: s.slug,
    descriptionEn: s.descriptionEn,
    descriptionZh: s.descriptionZh,
  }));
}

/** Every specialty is linked to the specialist service. */
export function serviceSpecialtyRows(): ServiceSpecialtyRow[] {
  const serviceId = serviceIdBySlug(SPECIALIST_SERVICE_SLUG);
  return SPECIALTIES.map((_s, i) => ({ serviceId, specialtyId: i + 1 }));
}

export function serviceIdBySlug(slug: string): number {
  const index = SERVICES.findIndex((s) => s.slug === slug);
  if (index < 0) throw new Error(`unknown service ${slug}`);
  return index + 1;
}

export function serviceByCode(code: string): ServiceDefinition & { id: number } {
  const index = SERVICES.findIndex((s) => s.code === code);
  if (index < 0) throw new Error(`unknown service code ${code}`);
  return { ...(SERVICES[index] as ServiceDefinition), id: index + 1 };
}
