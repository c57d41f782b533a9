// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paddockSectionSchema } from '@shared/contracts/quote';
import { squareOutline } from '@shared/domain/geo/testing/square-outline';
import { PaddockList } from './paddock-list';

afterEach(cleanup);

const ignore = () => undefined;
const renderList = (paddocks: ReturnType<typeof paddockSectionSchema.parse>[]) =>
  render(<PaddockList paddocks={paddocks} overlaps={[]} onRename={ignore} onUserAreaChange={ignore} onExcludedChange={ignore} onGroupChange={ignore} onAddGroup={ignore} onDelete={ignore} />);

describe('the paddock list', () => {
  it('says at once, beside the paddock, that a shape drawn larger than a paddock can be cannot be priced', () => {
    renderList([
      paddockSectionSchema.parse({ id: 'a', name: 'Home', area: 120, geometry: squareOutline(117.2, -31.6, 0.01) }),
      paddockSectionSchema.parse({ id: 'b', name: 'Shire outline', area: 342_518.6, geometry: squareOutline(117, -31.5, 3) }),
    ]);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Shire outline is 342,519 ha: a paddock can be at most 100,000 ha. Check its outline, or the area typed for it.']);
  });

  it('says nothing of it once it is excluded from cover', () => {
    renderList([paddockSectionSchema.parse({ id: 'b', name: 'Shire outline', area: 342_518.6, isExcluded: true })]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
