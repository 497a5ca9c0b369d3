// Rule: object_setClass changes the isa (dispatch follows it) and returns the old class; a subclass
// that overrides -class lies to [obj class] while object_getClass tells the truth.
// Field guide: imyaop-kvo-analytics-sdks.md §2.2 and the isa-swizzle table (KVO / Aspects -class lie).
#include "oracle.h"
@interface A : NSObject - (void)foo; @end
@implementation A - (void)foo { SAY("A.foo"); } @end
static Class lyingOriginal;
static Class lyingClass(id self, SEL _cmd) { return lyingOriginal; }
static void subFoo(id self, SEL _cmd)
{
  struct objc_super sup;
  SAY("A_Lying.foo, then super");
  sup.self = self;
  sup.super_class = lyingOriginal;
  ((void (*)(id, SEL))objc_msg_lookup_super(&sup, _cmd))(self, _cmd);
}
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  A *a = [A new];
  lyingOriginal = [A class];
  Class sub = objc_allocateClassPair([A class], "A_Lying", 0);
  class_addMethod(sub, @selector(class), (IMP)lyingClass, "#@:");
  class_addMethod(sub, @selector(foo), (IMP)subFoo, "v@:");
  objc_registerClassPair(sub);
  Class old = object_setClass(a, sub);
  SAY("object_setClass returned: %s", CNAME(old));
  SAY("[obj class]: %s", CNAME([a class]));
  SAY("object_getClass: %s", CNAME(object_getClass(a)));
  SAY("superclass of real class: %s", CNAME(class_getSuperclass(object_getClass(a))));
  SAY("isKindOfClass A: %s", YESNO([a isKindOfClass:[A class]]));
  [a foo];
  old = object_setClass(a, [A class]);
  SAY("restored, object_setClass returned: %s", CNAME(old));
  [a foo];
  [a release];
  [pool drain];
  return 0;
}
