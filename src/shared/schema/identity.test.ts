import { describe, expect, it } from 'vitest';
import { sourceOfVisit } from './identity.ts';

describe('sourceOfVisit', () => {
  it('reads the leadSource as the channel and the carried enrollment_marketing_source as the campaign', () => {
    expect(sourceOfVisit(new URLSearchParams('leadSource=partner-app&enrollment_marketing_source=Spring%20Trail%3A2026'))).toEqual({
      channel: 'partner-app',
      campaignName: 'Spring Trail:2026',
    });
    expect(sourceOfVisit(new URLSearchParams('q=boots'))).toEqual({});
  });

  it('leaves out what is not a plain name rather than sending it to be refused', () => {
    const hostile = new URLSearchParams({ leadSource: 'a b<script>', enrollment_marketing_source: `${'x'.repeat(101)}` });
    expect(sourceOfVisit(hostile)).toEqual({});
    expect(sourceOfVisit(new URLSearchParams({ leadSource: 'x'.repeat(65), enrollment_marketing_source: 'line\nbreak' }))).toEqual({});
  });
});
