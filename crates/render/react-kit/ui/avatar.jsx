import * as AvatarPrimitive from "@radix-ui/react-avatar";
import { styled } from "./wrap.js";

export const Avatar = styled(AvatarPrimitive.Root, "relative flex h-10 w-10 shrink-0 overflow-hidden rounded-full", "Avatar");
export const AvatarImage = styled(AvatarPrimitive.Image, "aspect-square h-full w-full", "AvatarImage");
export const AvatarFallback = styled(
  AvatarPrimitive.Fallback,
  "flex h-full w-full items-center justify-center rounded-full bg-muted",
  "AvatarFallback",
);
