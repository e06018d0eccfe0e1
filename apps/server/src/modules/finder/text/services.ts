// What people call a service or a specialty (decision 158): everyday words in English and
// Chinese mapped to the catalogue's service slugs (`service:`) and specialty slugs
// (`specialty:`), so a text search finds what the service and specialty pickers would. The
// catalogue's own names (db/seed/catalogue.ts, what the pickers show) stand for their slugs
// too; these rows add the words people type instead. Phrases are written with spaces; a search
// matches them with or without.

/** Words (separated by `/`, either language) and the slugs they stand for. */
export type ServiceSynonymRow = readonly [words: string, slugs: string];

export const SERVICE_SYNONYMS: readonly ServiceSynonymRow[] = [
  [
    'skin/skin doctor/derm/dermatology/dermatologist/皮膚/皮膚科',
    'specialty:dermatology-venereology',
  ],
  [
    'bone setting/bonesetting/bone setter/bonesetter/tui na/跌打/跌打骨科/推拿',
    'service:bonesetter',
  ],
  ['eye/eyes/eye doctor/ophthalmology/ophthalmologist/眼/眼科/眼科醫生', 'specialty:ophthalmology'],
  [
    'kid/kids/child/children/baby/paediatrics/pediatrics/paediatrician/pediatrician/兒科/小兒科/兒童',
    'specialty:paediatrics',
  ],
  [
    'physio/physiotherapy/physiotherapist/physical therapy/物理治療/物理治療師/物理治療',
    'service:physiotherapy',
  ],
  ['heart/cardiology/cardiologist/心臟/心臟科', 'specialty:cardiology'],
  [
    'dentist/dental/teeth/tooth/牙/牙醫/牙科',
    'service:dental-consultation/service:dental-oral-examination-scaling-polishing',
  ],
  ['scaling/洗牙', 'service:dental-oral-examination-scaling-polishing'],
  [
    'chinese medicine/tcm/中醫/中醫師',
    'service:chinese-medicine-consultation/service:acupuncture/service:bonesetter',
  ],
  ['acupuncture/針灸/針炙', 'service:acupuncture'],
  ['chiro/chiropractor/chiropractic/脊醫/脊骨/整脊', 'service:chiropractic-service'],
  [
    'gp/general practitioner/family doctor/普通科/家庭醫生/街症',
    'service:general-practitioner/specialty:family-medicine',
  ],
  ['specialist/專科/專科醫生', 'service:specialist'],
  [
    'body check/bodycheck/health check/checkup/check up/身體檢查/體檢',
    'service:basic-body-check/service:comprehensive-body-check',
  ],
  ['xray/x ray/lab/laboratory/blood test/x光/化驗/驗血', 'service:x-ray-laboratory-service'],
  ['flu/flu jab/flu shot/influenza/流感/流感針/流感疫苗', 'service:flu-vaccine'],
  ['vaccine/vaccination/jab/疫苗/打針', 'service:vaccination/service:flu-vaccine'],
  ['endoscopy/gastroscopy/colonoscopy/內窺鏡/胃鏡/腸鏡', 'service:endoscopy'],
  ['dietitian/nutrition/nutritionist/營養/營養師', 'service:dietitian'],
  ['gynae/gynaecology/gynecology/obgyn/婦科/婦產科', 'specialty:obstetrics-gynaecology'],
  ['ent/ear nose throat/耳鼻喉/耳鼻喉科', 'specialty:otorhinolaryngology'],
  ['orthopaedics/orthopedics/ortho/骨科', 'specialty:orthopaedics-traumatology'],
  ['mental/psychiatry/psychiatrist/精神科', 'specialty:psychiatry'],
  ['sports therapy/運動治療', 'service:sports-therapy'],
  ['sports medicine/運動醫學', 'specialty:sports-medicine'],
  ['cancer/oncology/oncologist/腫瘤/腫瘤科/癌症', 'specialty:clinical-oncology'],
  ['stomach/gastro/腸胃/腸胃科/肝臟', 'specialty:gastroenterology-hepatology'],
  ['diabetes/endocrinology/糖尿/糖尿病/內分泌', 'specialty:endocrinology-diabetes-metabolism'],
  ['kidney/nephrology/腎/腎科', 'specialty:nephrology'],
  ['urology/urologist/泌尿/泌尿科', 'specialty:urology'],
  ['lung/respiratory/肺/肺科/呼吸', 'specialty:respiratory-medicine'],
  ['elderly/geriatric/老人科', 'specialty:geriatric-medicine'],
  ['video/telemedicine/視像/遙距', 'service:telemedicine'],
  ['pap/pap smear/柏氏/子宮頸', 'service:pap-smear'],
];
