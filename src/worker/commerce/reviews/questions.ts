// Questions and answers on a product (the store services issue, §1): shoppers ask, Cairn's customer service
// answers from /admin; both are shown once approved, and answers take one helpful vote per shopper.

export interface AnswerView {
  answerId: string;
  text: string;
  nickname: string;
  fromBrand: boolean;
  helpful: number;
  unhelpful: number;
  createdAt: string;
}

export interface QuestionView {
  questionId: string;
  productId: string;
  text: string;
  nickname: string;
  locale: string;
  lang: string;
  createdAt: string;
  answers: AnswerView[];
}

interface QuestionRow {
  question_id: string;
  style_id: string;
  text: string;
  nickname: string;
  locale: string;
  lang: string;
  created_at: string;
  answers: string;
}

export function questionStatements(
  db: D1Database,
  styleId: string,
  options: { page: number; pageSize: number; preferLang?: string },
): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db.prepare("SELECT COUNT(*) AS n FROM questions WHERE style_id = ?1 AND status = 'approved'").bind(styleId),
    db
      .prepare(
        `SELECT q.question_id, q.style_id, q.text, q.nickname, q.locale, q.lang, q.created_at,
           (SELECT json_group_array(json_object('answerId', a.answer_id, 'text', a.text, 'nickname', a.nickname, 'fromBrand', a.from_brand,
              'helpful', a.helpful, 'unhelpful', a.unhelpful, 'createdAt', a.created_at))
            FROM (SELECT * FROM answers WHERE question_id = q.question_id AND status = 'approved' ORDER BY from_brand DESC, helpful DESC, created_at) a) AS answers
         FROM questions q WHERE q.style_id = ?1 AND q.status = 'approved'
         ORDER BY (q.lang = ?4) DESC, q.created_at DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(styleId, options.pageSize, (options.page - 1) * options.pageSize, options.preferLang ?? ''),
  ];
}

export function toQuestions(counted: D1Result | undefined, listed: D1Result | undefined): { total: number; questions: QuestionView[] } {
  return {
    total: (counted?.results[0] as { n: number } | undefined)?.n ?? 0,
    questions: ((listed?.results ?? []) as QuestionRow[]).map((row) => ({
      questionId: row.question_id,
      productId: row.style_id,
      text: row.text,
      nickname: row.nickname,
      locale: row.locale,
      lang: row.lang,
      createdAt: row.created_at,
      answers: (JSON.parse(row.answers) as (Omit<AnswerView, 'fromBrand'> & { fromBrand: number })[]).map((a) => ({ ...a, fromBrand: a.fromBrand === 1 })),
    })),
  };
}

export async function listQuestions(
  db: D1Database,
  styleId: string,
  options: { page: number; pageSize: number; preferLang?: string },
): Promise<{ total: number; questions: QuestionView[] }> {
  const [counted, listed] = await db.batch(questionStatements(db, styleId, options));
  return toQuestions(counted, listed);
}

export async function askQuestion(
  db: D1Database,
  styleId: string,
  author: { consumerNo: string; locale: string; lang: string },
  input: { text: string; nickname: string },
  now = new Date(),
): Promise<{ questionId: string; status: 'pending'; createdAt: string }> {
  const questionId = `Q${crypto.randomUUID()}`;
  const createdAt = now.toISOString();
  await db
    .prepare(
      `INSERT INTO questions (question_id, style_id, consumer_no, nickname, locale, lang, text, status, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8)`,
    )
    .bind(questionId, styleId, author.consumerNo, input.nickname, author.locale, author.lang, input.text, createdAt)
    .run();
  return { questionId, status: 'pending', createdAt };
}

/** An approved answer of this product's approved question, or null. */
export async function answerOf(db: D1Database, styleId: string, answerId: string): Promise<{ answerId: string } | null> {
  return db
    .prepare(
      `SELECT a.answer_id AS answerId FROM answers a JOIN questions q ON q.question_id = a.question_id
       WHERE a.answer_id = ?1 AND q.style_id = ?2 AND a.status = 'approved' AND q.status = 'approved'`,
    )
    .bind(answerId, styleId)
    .first<{ answerId: string }>();
}
