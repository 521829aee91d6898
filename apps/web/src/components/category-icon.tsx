import {
  Baby,
  Camera,
  Cpu,
  Dumbbell,
  Gamepad2,
  GraduationCap,
  House,
  type LucideProps,
  Music2,
  Palette,
  Plane,
  Shirt,
  Sparkles,
  Tag,
  TrendingUp,
  Trophy,
  Utensils,
} from 'lucide-react';

// Spec §2: a category's icon is chosen by a keyword in its name; anything unknown gets a tag.
const KEYWORDS: [RegExp, typeof Tag][] = [
  [/fashion|\bstyle\b/i, Shirt],
  [/beauty|makeup/i, Sparkles],
  [/fitness|health/i, Dumbbell],
  [/food|cooking/i, Utensils],
  [/travel|lifestyle/i, Plane],
  [/tech/i, Cpu],
  [/gaming|game/i, Gamepad2],
  [/music|entertainment/i, Music2],
  [/education/i, GraduationCap],
  [/business|finance/i, TrendingUp],
  [/art|design/i, Palette],
  [/photo/i, Camera],
  [/sport/i, Trophy],
  [/parent|family/i, Baby],
  [/home|garden/i, House],
];

export function categoryIconFor(name: string) {
  return KEYWORDS.find(([pattern]) => pattern.test(name))?.[1] ?? Tag;
}

export function CategoryIcon({ name, ...props }: LucideProps & { name: string }) {
  const Icon = categoryIconFor(name);
  return <Icon aria-hidden="true" {...props} />;
}
