// English marketing copy; en-gb gets British spelling and date order through its facts.

import type { Copy, LocaleFacts } from './copy.ts';

export function enCopy(f: LocaleFacts): Copy {
  const uk = (us: string, gb: string) => (f.british ? gb : us);
  const contact = `<p>Call us on <strong>${f.phone}</strong>, ${f.hours}.</p>`;
  return {
    home: {
      htmlTitle: 'Cairn | Outdoor footwear and apparel',
      htmlDescription: `Boots, hikers and layers built for the trail and the town. Free shipping over ${f.freeShipping} and free 60-day returns.`,
      ogTitle: 'Cairn: made for the long way round',
      ogDescription: 'Outdoor footwear and apparel for every season, made to be worn hard and repaired.',
      hero: {
        eyebrow: 'New season',
        title: 'Made for the long way round',
        text: 'Waterproof boots, grippy hikers and warm layers, tested on real trails.',
        cta: '',
        alt: 'Mountain peaks at sunrise above a forest',
      },
      shopMen: 'Shop men',
      shopWomen: 'Shop women',
      winter: {
        eyebrow: 'The winter edit',
        title: 'Ready for the first snow',
        text: `Insulated boots and ${uk('cozy', 'cosy')} fleece for cold mornings and icy paths.`,
        cta: '',
        alt: 'A forest trail in soft morning light',
      },
      join: { title: 'Join Cairn Rewards', text: 'Earn points on every order and get early access to new gear.', cta: 'Join now', alt: '' },
      rewards: { title: 'Your rewards are waiting', text: 'Check your points balance and use it at checkout.', cta: 'See my rewards', alt: '' },
      welcome: { title: 'Welcome back', text: 'Catch up on new trail guides and gear care tips.', cta: 'Read our stories', alt: '' },
      cardsTitle: 'Shop by category',
      city: {
        title: 'From trail to town',
        text: 'Leather shoes and clean sneakers that look as good on the commute as on the path.',
        cta: "Shop women's shoes",
        alt: 'A city skyline at dusk',
      },
      kids: {
        title: 'Little explorers',
        text: 'Tough, easy-on boots and sneakers for kids who never stand still.',
        cta: 'Shop kids',
        alt: 'A sunny meadow with trees and clouds',
      },
      ugcTitle: 'Out there in Cairn',
      ugcText: 'Photos you shared of your Cairn gear, on the trail and around town.',
      trending: 'Trending now',
      picks: uk('Our favorites', 'Our favourites'),
      servicesTitle: 'The Cairn promise',
      services: [
        { title: 'Free returns', text: 'Return anything within 60 days, free of charge.' },
        { title: 'Repairs for life', text: 'We resole and repair our boots so they last for years.' },
        { title: 'Free shipping', text: `On every order over ${f.freeShipping}.` },
        { title: 'Cairn Rewards', text: 'Members earn points on every purchase.' },
      ],
    },
    promo: {
      messages: [`Free shipping on orders over ${f.freeShipping}`, 'Trail Day 2027: save your place', 'Free returns within 60 days'],
      newYear: `New year, new trails: free shipping over ${f.freeShipping} all January`,
    },
    benefits: [`Free shipping over ${f.freeShipping}`, 'Free 60-day returns', 'Lifetime repairs on boots'],
    stories: {
      htmlTitle: 'Stories | Cairn',
      htmlDescription: 'Trail guides, gear care tips and news from the Cairn community.',
      title: 'Stories',
      intro: '<p>Trail guides, gear care tips and news from the Cairn community.</p>',
      facets: { hiking: 'Hiking', 'gear-care': 'Gear care', community: 'Community', travel: 'Travel' },
    },
    event: {
      htmlTitle: 'Trail Day 2027 | Cairn',
      htmlDescription: `Two days of guided hikes, boot repairs and talks in ${f.venue}, ${f.eventDates}. Free entry, limited places.`,
      hero: {
        eyebrow: 'Cairn Trail Day 2027',
        title: 'Walk with us',
        text: `${f.eventDates} · ${f.venue}`,
        cta: 'Sign up',
        alt: 'A forest trail in soft morning light',
      },
      detailsTitle: 'Two days on the trail',
      detailsHtml:
        '<p>Join guided hikes for every level, bring your worn boots to our repair bench and meet the people who design Cairn gear.</p>' +
        '<ul><li><strong>Saturday:</strong> guided hikes from 5 to 20 km</li><li><strong>Sunday:</strong> repair workshop and trail-running clinic</li></ul>' +
        '<p>Entry is free. Places are limited, so sign up below.</p>',
      signUpTitle: 'Save your place',
      signUpText: 'Choose your days and bring a friend along.',
      submit: 'Sign up',
      confirmTitle: "You're on the list",
      confirmSubtitle: 'We have emailed you the details. See you on the trail!',
    },
    rewards: {
      htmlTitle: 'Cairn Rewards | Cairn',
      htmlDescription: 'Join Cairn Rewards for free: earn points on every order, shop new gear first and be the first to hear about Trail Day.',
      ogTitle: 'Cairn Rewards: the long way round pays off',
      hero: {
        eyebrow: 'Cairn Rewards',
        title: 'The long way round pays off',
        text: 'Membership is free. Earn points on every order, shop new gear first and hear about Trail Day before anyone else.',
        cta: '',
        alt: 'Mountain peaks at sunrise above a forest',
      },
      howTitle: 'How it works',
      benefits: [
        { title: 'Points on every order', text: 'Every order you place as a member earns points to spend at checkout next time.' },
        { title: 'New gear first', text: 'Shop new collections before everyone else.' },
        { title: 'Members-only offers', text: 'Exclusive offers, sent straight to your inbox.' },
        { title: 'Trail Day and events', text: 'Be the first to hear about Trail Day, guided hikes and repair workshops.' },
      ],
      eventCta: 'Discover Trail Day',
      faqTitle: 'Your questions answered',
      faq: [
        {
          title: 'How do I earn points?',
          text: `You earn points on every order placed while signed in to your member account. They are added to your balance once your order ${uk('ships', 'has been dispatched')}, and if you return an item, the points it earned are taken back off.`,
        },
        {
          title: 'How do I use my points?',
          text: `At checkout, choose how many points to put ${uk('toward', 'towards')} your order. Their value comes straight off your total.`,
        },
        {
          title: 'Do my points expire?',
          text: 'Your points stay valid for 24 months after your most recent order, so every new order keeps your whole balance active.',
        },
        {
          title: 'How do I join?',
          text: 'Membership is free. Create a Cairn account, or sign in to yours, and opt in to Cairn Rewards. You will start earning points from your next order.',
        },
      ],
    },
    espots: {
      signIn: { title: 'Members get more', text: 'Sign in for free shipping on every order, points on everything you buy and early access to new gear.' },
      account: { title: 'Free returns for 60 days', text: 'Start a return from any delivered order below, or track one on its way.' },
      accountProfile: { title: 'Your details, your choice', text: 'We use them for your orders and, if you like, to tell you about gear in your size.' },
      contactUs: { title: 'Faster by phone?', text: 'Call 1-800-555-0142, Monday to Friday, 8 am to 8 pm ET. Have your order number ready.' },
      storeLocator: {
        title: 'Free repairs check in every store',
        text: 'Bring your Cairn boots to any store: we look them over for free and quote resoling on the spot.',
      },
      basecamp: { title: 'Basecamp', text: 'Trail guides, boot care and Trail Day: everything for members in one place.' },
      loyalty: { title: 'Points on every order', text: 'Earn points on everything you buy, turn them into vouchers and get early access to new gear.' },
      signUp: { title: 'Join Cairn', text: 'Follow your orders, keep your favorites and join the Cairn Club for points and members’ offers.' },
      shipping: { title: `Free shipping over ${f.freeShipping}`, text: 'And free returns within 60 days.' },
      returns: { title: 'Free 60-day returns', text: "Try it at home and send it back if it doesn't fit." },
      help: { title: 'Need a hand?', text: contact },
      checkout: { title: 'Secure checkout', text: `<p>Your payment details are encrypted.</p>${contact}` },
      giftCard: { title: 'Delivered in minutes', text: 'Gift cards arrive by email on the day you choose and never expire.' },
      promotions: { title: 'Points on sale items too', text: 'Cairn Club members earn points on everything they buy, sale included.' },
      search: { title: "Can't find it?", text: 'Try fewer or different words, or browse by department below.' },
      ...(f.british
        ? {
            westend: {
              title: 'Our West End flagship',
              text: 'At Covent Garden: a boot-fitting studio, a repair bar and late opening until 9 pm on Thursdays.',
            },
          }
        : {}),
      repairs: {
        title: 'Repairs for life',
        text: '<p>Bring your Cairn boots to any of our stores: we resole and repair them for as long as you own them.</p>',
      },
      errorTitle: "We can't find that page",
      errorHtml: `<p>The page may have moved or no longer exists. Try one of our departments or <a href="${f.base}/search">search the shop</a>.</p>`,
    },
    menu: {
      men: {
        title: 'Boots built to last',
        text: 'Leather uppers we can resole and membranes that keep water out.',
        cta: "Shop men's boots",
        alt: 'A forest trail in soft morning light',
      },
      women: {
        title: 'Light on the trail',
        text: 'Hikers that grip on rock and dry fast.',
        cta: "Shop women's hiking",
        alt: 'Mountain peaks at sunrise above a forest',
      },
      footwearTitle: "Men's footwear",
      sale: 'Sale',
    },
    footer: {
      help: 'Help',
      legal: 'Legal',
      company: 'Company',
      rewards: 'Cairn Rewards',
      service: { title: 'Customer service', text: `<p><strong>${f.phone}</strong></p><p>${f.hours}</p>` },
      returns: { title: 'Returns', text: 'Free returns within 60 days of delivery.', cta: 'How to return', alt: '' },
      search: { title: 'Find a product', text: `Search by name, ${uk('color', 'colour')} or category.`, cta: 'Search the shop', alt: '' },
      track: { title: 'Track your order', text: 'With your order number and email.', cta: 'Track an order', alt: '' },
      about: { title: 'About Cairn', text: '<p>Outdoor footwear and apparel, designed to be worn hard and repaired, not replaced.</p>' },
      stories: { title: 'Stories', text: 'Trail guides and gear care tips.', cta: 'Read our stories', alt: '' },
      event: { title: 'Trail Day 2027', text: `${f.eventDates}, ${f.venue}.`, cta: 'Sign up', alt: '' },
      points: { title: 'Earn points', text: '<p>Members earn points on every order and get early access to new gear.</p>' },
      giftCards: { title: 'Gift cards', text: 'The right size, every time.', cta: 'Shop gift cards', alt: '' },
    },
    popup: {
      minimizedTitle: 'Stay in the loop',
      maximizedTitle: 'Join the Cairn newsletter',
      disclaimer: 'By signing up you agree to receive marketing emails from Cairn. You can unsubscribe at any time.',
      title: 'News from the trail',
      text: '<p>Be the first to hear about new gear, Trail Day events and member offers.</p>',
    },
  };
}
