// Product nouns per type ("Hiker" / "Chaussure de randonnée") and the modifiers that suit each.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import { MODIFIERS, type ModifierKey } from './modifiers.ts';
import type { FrGender } from './text.ts';

export interface Noun {
  en: string;
  fr: string;
  gender: FrGender;
  modifiers: readonly ModifierKey[];
}

function noun(en: string, fr: string, gender: FrGender, modifiers: string): Noun {
  const keys = modifiers.split(' ');
  // The keys are written as one string for brevity, so catch typos here rather than as missing words.
  for (const key of keys) if (!(key in MODIFIERS)) throw new Error(`Unknown modifier "${key}" for ${en}`);
  return { en, fr, gender, modifiers: keys as ModifierKey[] };
}

type NamedType = Exclude<ProductType, 'gift-card'>;

export const NOUNS: Readonly<Record<NamedType, readonly Noun[]>> = {
  boot: [
    noun('Boot', 'Botte', 'f', 'waterproof insulated leather suede classic'),
    noun('Lace-Up Boot', 'Bottine à lacets', 'f', 'waterproof leather suede classic insulated'),
    noun('Chelsea Boot', 'Bottine Chelsea', 'f', 'waterproof leather suede classic'),
    noun('Work Boot', 'Botte de travail', 'f', 'waterproof insulated leather classic'),
    noun('Winter Boot', "Botte d'hiver", 'f', 'waterproof insulated leather lightweight'),
    noun('Moc-Toe Boot', 'Bottine à bout mocassin', 'f', 'waterproof leather classic'),
    noun('Rain Boot', 'Botte de pluie', 'f', 'insulated classic lightweight'),
  ],
  hiker: [
    noun('Hiker', 'Chaussure de randonnée', 'f', 'waterproof mid low lightweight leather suede'),
    noun('Hiking Boot', 'Botte de randonnée', 'f', 'waterproof insulated leather lightweight'),
    noun('Trekking Boot', 'Chaussure de trekking', 'f', 'waterproof leather lightweight mid'),
    noun('Approach Shoe', "Chaussure d'approche", 'f', 'waterproof lightweight suede low'),
    noun('Speed Hiker', 'Chaussure de randonnée rapide', 'f', 'waterproof mid low lightweight'),
  ],
  chukka: [
    noun('Chukka', 'Bottine chukka', 'f', 'leather suede waterproof classic crepe'),
    noun('Desert Boot', 'Bottine desert', 'f', 'leather suede classic crepe'),
  ],
  sneaker: [
    noun('Sneaker', 'Basket', 'f', 'leather canvas suede knit recycled classic low'),
    noun('High-Top', 'Basket montante', 'f', 'leather canvas suede recycled classic'),
    noun('Court Sneaker', 'Basket de tennis', 'f', 'leather canvas recycled classic'),
    noun('Slip-On', 'Slip-on', 'm', 'canvas knit recycled classic'),
  ],
  runner: [
    noun('Trail Runner', 'Chaussure de trail', 'f', 'lightweight waterproof cushioned recycled'),
    noun('Runner', 'Chaussure de running', 'f', 'lightweight cushioned recycled knit'),
    noun('Road-to-Trail Shoe', 'Chaussure route-trail', 'f', 'lightweight waterproof cushioned'),
  ],
  loafer: [
    noun('Loafer', 'Mocassin', 'm', 'leather suede classic lightweight'),
    noun('Boat Shoe', 'Chaussure bateau', 'f', 'leather canvas classic'),
    noun('Driving Moc', 'Mocassin de conduite', 'm', 'leather suede'),
    noun('Derby', 'Derby', 'm', 'leather suede classic waterproof'),
    noun('Camp Moc', 'Mocassin camp', 'm', 'leather suede classic'),
  ],
  sandal: [
    noun('Sandal', 'Sandale', 'f', 'leather recycled lightweight cushioned classic'),
    noun('Sport Sandal', 'Sandale de sport', 'f', 'recycled lightweight cushioned'),
    noun('Hiking Sandal', 'Sandale de randonnée', 'f', 'recycled lightweight cushioned'),
    noun('Fisherman Sandal', 'Sandale pêcheur', 'f', 'leather classic'),
    noun('Strap Sandal', 'Sandale à brides', 'f', 'leather recycled cushioned'),
  ],
  slide: [
    noun('Slide', 'Claquette', 'f', 'cushioned recycled leather'),
    noun('Recovery Slide', 'Claquette de récupération', 'f', 'cushioned recycled'),
    noun('Clog', 'Sabot', 'm', 'cushioned recycled lightweight'),
    noun('Flip-Flop', 'Tong', 'f', 'recycled leather cushioned'),
  ],
  jacket: [
    noun('Rain Jacket', 'Veste de pluie', 'f', 'packable recycled lightweight ripstop'),
    noun('Shell Jacket', 'Veste hardshell', 'f', 'waterproof recycled lightweight packable'),
    noun('Puffer Jacket', 'Doudoune', 'f', 'packable recycled lightweight down insulated'),
    noun('Chore Coat', 'Veste de travail', 'f', 'waxed insulated organic heavyweight'),
    noun('Field Jacket', 'Veste de terrain', 'f', 'waxed waterproof insulated'),
    noun('Softshell Jacket', 'Veste softshell', 'f', 'recycled lightweight insulated'),
    noun('Wind Jacket', 'Coupe-vent', 'm', 'packable recycled lightweight ripstop'),
    noun('Anorak', 'Anorak', 'm', 'waterproof insulated packable recycled'),
  ],
  parka: [
    noun('Parka', 'Parka', 'f', 'insulated waterproof recycled down'),
    noun('Expedition Parka', "Parka d'expédition", 'f', 'insulated waterproof down'),
    noun('Down Parka', 'Parka en duvet', 'f', 'waterproof recycled'),
    noun('Long Parka', 'Parka longue', 'f', 'insulated waterproof down recycled'),
  ],
  vest: [
    noun('Down Vest', 'Doudoune sans manches', 'f', 'packable recycled lightweight'),
    noun('Puffer Vest', 'Gilet doudoune', 'm', 'packable recycled insulated lightweight'),
    noun('Fleece Vest', 'Gilet polaire', 'm', 'recycled heavyweight lightweight'),
    noun('Insulated Vest', 'Gilet isolant', 'm', 'recycled packable quilted'),
  ],
  fleece: [
    noun('Fleece', 'Polaire', 'f', 'recycled lightweight heavyweight classic'),
    noun('Quarter-Zip Fleece', 'Polaire col zippé', 'f', 'recycled lightweight classic'),
    noun('Full-Zip Fleece', 'Polaire zippée', 'f', 'recycled heavyweight classic'),
    noun('Sherpa Fleece', 'Polaire sherpa', 'f', 'recycled classic'),
    noun('Fleece Jacket', 'Veste polaire', 'f', 'recycled heavyweight lightweight'),
    noun('Grid Fleece', 'Polaire à structure gaufrée', 'f', 'recycled lightweight'),
  ],
  hoodie: [
    noun('Hoodie', 'Sweat à capuche', 'm', 'heavyweight organic recycled lightweight classic relaxed'),
    noun('Zip Hoodie', 'Sweat zippé à capuche', 'm', 'heavyweight organic recycled classic'),
    noun('Pullover Hoodie', 'Sweat à capuche enfilable', 'm', 'heavyweight organic relaxed'),
    noun('Trail Hoodie', 'Sweat à capuche de trail', 'm', 'lightweight merino recycled'),
  ],
  sweatshirt: [
    noun('Crew Sweatshirt', 'Sweat col rond', 'm', 'organic heavyweight classic recycled brushed'),
    noun('Quarter-Zip Pullover', 'Pull col zippé', 'm', 'merino wool recycled classic'),
    noun('Henley Sweatshirt', 'Sweat col tunisien', 'm', 'organic brushed classic'),
    noun('Sweater', 'Pull', 'm', 'merino wool organic classic'),
  ],
  tee: [
    noun('Tee', 'T-shirt', 'm', 'organic merino recycled classic heavyweight lightweight slim relaxed'),
    noun('Pocket Tee', 'T-shirt à poche', 'm', 'organic heavyweight classic relaxed'),
    noun('Graphic Tee', 'T-shirt imprimé', 'm', 'organic recycled classic'),
    noun('Long-Sleeve Tee', 'T-shirt à manches longues', 'm', 'organic merino recycled heavyweight'),
    noun('Trail Tee', 'T-shirt de trail', 'm', 'merino recycled lightweight'),
    noun('Base Layer', 'Première couche', 'f', 'merino recycled lightweight heavyweight'),
    noun('Tank', 'Débardeur', 'm', 'organic recycled merino lightweight'),
  ],
  shirt: [
    noun('Flannel Shirt', 'Chemise en flanelle', 'f', 'organic heavyweight brushed classic'),
    noun('Oxford Shirt', 'Chemise Oxford', 'f', 'organic classic slim relaxed'),
    noun('Chambray Shirt', 'Chemise en chambray', 'f', 'organic hemp classic'),
    noun('Overshirt', 'Surchemise', 'f', 'heavyweight wool waxed organic'),
    noun('Camp Shirt', 'Chemise à col cubain', 'f', 'hemp organic lightweight'),
    noun('Trail Shirt', 'Chemise de randonnée', 'f', 'lightweight recycled stretch'),
  ],
  pants: [
    noun('Hiking Pant', 'Pantalon de randonnée', 'm', 'stretch ripstop lightweight water-resistant'),
    noun('Chino', 'Chino', 'm', 'stretch organic slim relaxed classic'),
    noun('Work Pant', 'Pantalon de travail', 'm', 'canvas stretch relaxed heavyweight'),
    noun('Cargo Pant', 'Pantalon cargo', 'm', 'ripstop organic relaxed stretch'),
    noun('Climbing Pant', "Pantalon d'escalade", 'm', 'stretch organic hemp'),
    noun('Five-Pocket Pant', 'Pantalon cinq poches', 'm', 'stretch organic slim canvas'),
    noun('Trail Pant', 'Pantalon de trail', 'm', 'lightweight stretch water-resistant'),
  ],
  shorts: [
    noun('Hiking Short', 'Short de randonnée', 'm', 'stretch ripstop lightweight recycled'),
    noun('Chino Short', 'Short chino', 'm', 'stretch organic classic'),
    noun('Trail Short', 'Short de trail', 'm', 'lightweight recycled'),
    noun('Cargo Short', 'Short cargo', 'm', 'ripstop organic relaxed'),
    noun('Climbing Short', "Short d'escalade", 'm', 'stretch organic hemp'),
  ],
  joggers: [
    noun('Jogger', 'Pantalon jogger', 'm', 'organic heavyweight stretch recycled'),
    noun('Sweatpant', 'Pantalon de survêtement', 'm', 'organic heavyweight relaxed'),
    noun('Fleece Jogger', 'Jogger molletonné', 'm', 'recycled heavyweight'),
    noun('Trail Jogger', 'Jogger de trail', 'm', 'lightweight stretch water-resistant'),
  ],
  beanie: [
    noun('Beanie', 'Bonnet', 'm', 'merino recycled wool classic heavyweight'),
    noun('Rib Beanie', 'Bonnet côtelé', 'm', 'merino wool recycled'),
    noun('Cuffed Beanie', 'Bonnet à revers', 'm', 'merino wool recycled classic'),
    noun('Pom Beanie', 'Bonnet à pompon', 'm', 'wool recycled'),
    noun('Watch Cap', 'Bonnet marin', 'm', 'merino wool classic'),
  ],
  cap: [
    noun('Trucker Cap', 'Casquette trucker', 'f', 'organic recycled classic'),
    noun('Five-Panel Cap', 'Casquette cinq panneaux', 'f', 'organic recycled ripstop'),
    noun('Dad Cap', 'Casquette souple', 'f', 'organic classic canvas'),
    noun('Trail Cap', 'Casquette de trail', 'f', 'recycled lightweight'),
    noun('Bucket Hat', 'Bob', 'm', 'organic recycled canvas packable waxed'),
  ],
  backpack: [
    noun('Daypack', 'Sac de randonnée', 'm', 'recycled waterproof lightweight ripstop packable'),
    noun('Backpack', 'Sac à dos', 'm', 'recycled waterproof canvas waxed'),
    noun('Rolltop Pack', 'Sac à dos roll-top', 'm', 'waterproof recycled'),
    noun('Hip Pack', 'Sac banane', 'm', 'recycled ripstop waxed'),
    noun('Commuter Pack', 'Sac à dos urbain', 'm', 'recycled waterproof'),
  ],
  tote: [
    noun('Tote', 'Sac cabas', 'm', 'canvas recycled waxed leather'),
    noun('Duffel', 'Sac de voyage', 'm', 'recycled waterproof waxed packable'),
    noun('Sling Bag', 'Sac bandoulière', 'm', 'recycled ripstop waxed'),
    noun('Market Tote', 'Cabas de marché', 'm', 'canvas organic'),
  ],
  socks: [
    noun('Hiking Sock', 'Chaussettes de randonnée', 'fp', 'merino cushioned lightweight recycled'),
    noun('Crew Sock', 'Chaussettes mi-mollet', 'fp', 'merino cushioned organic recycled'),
    noun('Ski Sock', 'Chaussettes de ski', 'fp', 'merino cushioned lightweight'),
    noun('Everyday Sock', 'Chaussettes du quotidien', 'fp', 'organic merino recycled'),
    noun('Trail Running Sock', 'Chaussettes de trail', 'fp', 'merino lightweight cushioned'),
    noun('Ankle Sock', 'Socquettes', 'fp', 'organic merino lightweight'),
  ],
  belt: [
    noun('Belt', 'Ceinture', 'f', 'leather recycled classic'),
    noun('Web Belt', 'Ceinture en sangle', 'f', 'recycled stretch'),
    noun('Dress Belt', 'Ceinture habillée', 'f', 'leather suede'),
    noun('Braided Belt', 'Ceinture tressée', 'f', 'leather stretch'),
    noun('Climbing Belt', "Ceinture d'escalade", 'f', 'recycled'),
  ],
};
