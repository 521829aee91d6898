import type { ReactNode } from 'react';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** A titled card region of a detail screen (named for assistive technology by its title). */
export function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <CardTitle id={id} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
