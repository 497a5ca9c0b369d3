// Rule: class methods live on the metaclass: class_getInstanceMethod(cls) does not see them,
// class_getClassMethod / the metaclass do; they are inherited and can be replaced on the metaclass.
// Field guide: INCIDENTS.md 5 (Aspects hooks instance methods; hooking the metaclass works); method-hooking-libraries.md §1.
#include "oracle.h"
@interface A : NSObject + (void)classFoo; @end
@implementation A + (void)classFoo { SAY("+[A classFoo] _cmd=%s", sel_getName(_cmd)); } @end
@interface B : A @end
@implementation B @end
static void newClassFoo(id self, SEL _cmd) { SAY("newClassFoo on %s", class_getName((Class)self)); }
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  SAY("class_getInstanceMethod(A, classFoo): %s", YESNO(class_getInstanceMethod([A class], @selector(classFoo)) != NULL));
  SAY("class_getClassMethod(A, classFoo): %s", YESNO(class_getClassMethod([A class], @selector(classFoo)) != NULL));
  SAY("class_getInstanceMethod(metaclass of A, classFoo): %s",
      YESNO(class_getInstanceMethod(object_getClass([A class]), @selector(classFoo)) != NULL));
  SAY("A responds to classFoo: %s", YESNO([A respondsToSelector:@selector(classFoo)]));
  SAY("A instances respond to classFoo: %s", YESNO([A instancesRespondToSelector:@selector(classFoo)]));
  [B classFoo];
  SAY("replace on A (the class): %s", YESNO(class_replaceMethod([A class], @selector(classFoo), (IMP)newClassFoo, "v@:") != NULL));
  [B classFoo];
  SAY("replace on the metaclass of A");
  class_replaceMethod(object_getClass([A class]), @selector(classFoo), (IMP)newClassFoo, "v@:");
  [B classFoo];
  [A classFoo];
  [pool drain];
  return 0;
}
