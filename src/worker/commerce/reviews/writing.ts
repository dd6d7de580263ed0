// What the review and question forms start from: the name the shopper signs with (their first name until
// they change it), and the product's rating questions and size system.

/** The nickname a form proposes: the shopper's first name, or nothing. */
export async function proposedNickname(db: D1Database, consumerNo: string): Promise<string> {
  const row = await db.prepare('SELECT first_name FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ first_name: string | null }>();
  return row?.first_name ?? '';
}

export interface ReviewFormDefaults {
  nickname: string;
  /** The benefits the style asks a rating of. */
  benefitKeys: string[];
  /** Footwear asks how the size fits. */
  footwear: boolean;
}

export async function reviewFormDefaults(db: D1Database, styleId: string, consumerNo: string): Promise<ReviewFormDefaults> {
  const [nickname, style] = await Promise.all([
    proposedNickname(db, consumerNo),
    db.prepare('SELECT size_system, benefit_ratings FROM styles WHERE id = ?1').bind(styleId).first<{ size_system: string; benefit_ratings: string | null }>(),
  ]);
  const benefitKeys = style?.benefit_ratings ? (JSON.parse(style.benefit_ratings) as { key: string }[]).map((b) => b.key) : [];
  return { nickname, benefitKeys, footwear: style?.size_system === 'shoe' };
}
