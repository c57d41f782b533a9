import { describe, expect, it } from 'vitest';
import { leadEmailKey, stageAfterNewSource, stageMoveRefusal } from './stages';

describe('lead stages', () => {
  it('lets staff move an open lead to any stage but won, and a lost one back', () => {
    expect(stageMoveRefusal('new', 'contacted', null)).toBeNull();
    expect(stageMoveRefusal('contacted', 'quoted', null)).toBeNull();
    expect(stageMoveRefusal('quoted', 'new', null)).toBeNull();
    expect(stageMoveRefusal('lost', 'contacted', null)).toBeNull();
  });

  it('asks for the reason of a lost lead', () => {
    expect(stageMoveRefusal('quoted', 'lost', '  ')).toBe('Say why the lead was lost.');
    expect(stageMoveRefusal('quoted', 'lost', 'Went with a bank policy')).toBeNull();
  });

  it('keeps won for a submitted application', () => {
    expect(stageMoveRefusal('quoted', 'won', null)).toMatch(/by itself when its person submits an application/);
    expect(stageMoveRefusal('won', 'lost', 'Changed their mind')).toMatch(/is won/);
  });

  it('reopens a lost lead when the person comes back through a source, and keeps every other stage', () => {
    expect(stageAfterNewSource('lost')).toBe('new');
    expect(stageAfterNewSource('quoted')).toBe('quoted');
    expect(stageAfterNewSource('won')).toBe('won');
  });

  it('treats an address in any case and spacing as one person', () => {
    expect(leadEmailKey('  Jo.Grower@Example.COM ')).toBe('jo.grower@example.com');
  });
});
